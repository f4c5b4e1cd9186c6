// int(x) and int(text, base), named int_ because int is a C++ keyword. Parsing follows
// CPython's PyLong_FromString (prefixes, single underscores between digits, Unicode digits
// and whitespace); values beyond int64 raise OverflowError.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/unicode/ascii_digits.hpp"

namespace muna::python::builtins {
namespace detail {

inline int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

[[noreturn]] inline void invalid_int_literal(const std::string& text, int64_t base) {
  std::string shown = format::quote_str(text, false);
  // CPython formats the repr with %.200R.
  if (unicode::length(shown) > 200) shown = shown.substr(0, unicode::offset_of(shown, 200));
  throw ValueError("invalid literal for int() with base " + std::to_string(base) + ": " + shown);
}

}  // namespace detail

inline int64_t int_(int64_t value) { return value; }
inline int64_t int_(bool value) { return value ? 1 : 0; }

inline int64_t int_(double value) {
  if (std::isnan(value)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(value)) throw OverflowError("cannot convert float infinity to integer");
  double t = std::trunc(value);
  // 2**63 is exactly representable; anything at or beyond it does not fit.
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0) raise_int_overflow();
  return static_cast<int64_t>(t);
}

inline int64_t int_(const std::string& text, int64_t base = 10) {
  if ((base != 0 && base < 2) || base > 36)
    throw ValueError("int() base must be >= 2 and <= 36, or 0");
  const std::string ascii = unicode::decimal_and_space_to_ascii(text);
  const char* p = ascii.c_str();
  const char* end = p + ascii.size();
  while (p < end && unicode::is_ascii_space(*p)) ++p;
  bool negative = false;
  if (p < end && (*p == '+' || *p == '-')) negative = *p++ == '-';
  int radix = static_cast<int>(base);
  bool error_if_nonzero = false;
  auto has_prefix = [&](char lower) { return p[0] == '0' && (p[1] | 0x20) == lower; };
  if (radix == 0) {
    if (p[0] != '0')
      radix = 10;
    else if (has_prefix('x'))
      radix = 16;
    else if (has_prefix('o'))
      radix = 8;
    else if (has_prefix('b'))
      radix = 2;
    else {
      // "010" is not a Python 3 literal, but "0", "00" and "0_0" are.
      error_if_nonzero = true;
      radix = 10;
    }
  }
  if ((radix == 16 && has_prefix('x')) || (radix == 8 && has_prefix('o')) ||
      (radix == 2 && has_prefix('b'))) {
    p += 2;
    if (*p == '_') ++p;
  }
  if (*p == '_') detail::invalid_int_literal(text, base);
  unsigned __int128 magnitude = 0;
  bool too_big = false;
  int64_t digits = 0;
  char prev = 0;
  for (; p < end && (detail::digit_value(*p) < radix || *p == '_'); ++p) {
    if (*p == '_') {
      if (prev == '_') detail::invalid_int_literal(text, base);
    } else {
      ++digits;
      magnitude = magnitude * static_cast<unsigned>(radix) + detail::digit_value(*p);
      if (magnitude > (static_cast<unsigned __int128>(1) << 64)) {
        too_big = true;
        magnitude = static_cast<unsigned __int128>(1) << 64;
      }
    }
    prev = *p;
  }
  if (prev == '_' || digits == 0) detail::invalid_int_literal(text, base);
  if ((radix & (radix - 1)) != 0 && digits > 4300)
    throw ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has " +
                     std::to_string(digits) +
                     " digits; use sys.set_int_max_str_digits() to increase the limit");
  if (error_if_nonzero && magnitude != 0) detail::invalid_int_literal(text, base);
  while (p < end && unicode::is_ascii_space(*p)) ++p;
  if (p != end) detail::invalid_int_literal(text, base);
  const unsigned __int128 limit = static_cast<unsigned __int128>(INT64_MAX) + (negative ? 1 : 0);
  if (too_big || magnitude > limit) raise_int_overflow();
  return negative ? static_cast<int64_t>(0 - static_cast<uint64_t>(magnitude))
                  : static_cast<int64_t>(magnitude);
}

inline int64_t int_(const char* text, int64_t base = 10) { return int_(std::string(text), base); }
inline int64_t int_() { return 0; }

}  // namespace muna::python::builtins
