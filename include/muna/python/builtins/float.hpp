// float(x), named float_ because float is a C++ keyword. Text follows CPython's
// PyFloat_FromString: Unicode digits and whitespace, single underscores between digits,
// "inf"/"infinity"/"nan" in any case, no hex; correctly rounded.
#pragma once
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <system_error>

#include "muna/core/error.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/unicode/ascii_digits.hpp"

namespace muna::python::builtins {
namespace detail {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

inline bool equals_ignore_case(const char* p, const char* end, const char* word) {
  for (; *word; ++p, ++word)
    if (p == end || (*p | 0x20) != *word) return false;
  return p == end;
}

// Parses [sign] (digits [. [digits]] | . digits) [(e|E) [sign] digits] or inf/nan, the
// whole of [p, end); returns false if the text is anything else.
inline bool parse_float_literal(const char* p, const char* end, double& out) {
  bool negative = false;
  if (p < end && (*p == '+' || *p == '-')) negative = *p++ == '-';
  if (equals_ignore_case(p, end, "inf") || equals_ignore_case(p, end, "infinity")) {
    out = negative ? -std::numeric_limits<double>::infinity()
                   : std::numeric_limits<double>::infinity();
    return true;
  }
  if (equals_ignore_case(p, end, "nan")) {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  const char* start = p;
  const char* q = p;
  int mantissa_digits = 0;
  while (q < end && is_digit(*q)) ++q, ++mantissa_digits;
  if (q < end && *q == '.') {
    ++q;
    while (q < end && is_digit(*q)) ++q, ++mantissa_digits;
  }
  if (mantissa_digits == 0) return false;
  if (q < end && (*q == 'e' || *q == 'E')) {
    const char* e = q + 1;
    if (e < end && (*e == '+' || *e == '-')) ++e;
    if (e == end || !is_digit(*e)) return false;
    while (e < end && is_digit(*e)) ++e;
    q = e;
  }
  if (q != end) return false;
  double value = 0;
  std::from_chars_result r = std::from_chars(start, end, value, std::chars_format::general);
  if (r.ec == std::errc::result_out_of_range) {
    // Overflow gives inf and underflow 0, as CPython's strtod; tell them apart by the
    // decimal exponent of the first significant digit.
    long exponent = 0;
    const char* ep = start;
    while (ep < end && *ep != 'e' && *ep != 'E') ++ep;
    if (ep < end) exponent = std::strtol(std::string(ep + 1, end).c_str(), nullptr, 10);
    // Far beyond any double either way; keeps the sum below from overflowing.
    exponent = exponent > 100000 ? 100000 : exponent < -100000 ? -100000 : exponent;
    long position = 0;
    bool seen_point = false, seen_digit = false;
    for (const char* d = start; d < ep && !seen_digit; ++d) {
      if (*d == '.') seen_point = true;
      else if (*d != '0') seen_digit = true;
      else if (seen_point) --position;
    }
    if (!seen_point) {
      const char* d = start;
      while (d < ep && *d == '0') ++d;
      const char* intend = d;
      while (intend < ep && is_digit(*intend)) ++intend;
      position = static_cast<long>(intend - d);
    }
    value = exponent + position > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (r.ec != std::errc() || r.ptr != end) {
    return false;
  }
  out = negative ? -value : value;
  return true;
}

}  // namespace detail

inline double float_(double value) { return value; }
inline double float_(int64_t value) { return static_cast<double>(value); }
inline double float_(bool value) { return value ? 1.0 : 0.0; }
inline double float_() { return 0.0; }

inline double float_(const std::string& text) {
  const std::string ascii = unicode::decimal_and_space_to_ascii(text);
  auto fail = [&]() -> double {
    throw ValueError("could not convert string to float: " + format::quote_str(text, false));
  };
  // Underscores only between digits; they are dropped before parsing.
  std::string digits;
  digits.reserve(ascii.size());
  char prev = 0;
  for (char c : ascii) {
    if (c == '_') {
      if (!detail::is_digit(prev)) return fail();
    } else {
      if (prev == '_' && !detail::is_digit(c)) return fail();
      digits.push_back(c);
    }
    prev = c;
  }
  if (prev == '_') return fail();
  const char* p = digits.data();
  const char* end = p + digits.size();
  while (p < end && unicode::is_ascii_space(*p)) ++p;
  while (end > p && unicode::is_ascii_space(end[-1])) --end;
  double value;
  if (!detail::parse_float_literal(p, end, value)) return fail();
  return value;
}

inline double float_(const char* text) { return float_(std::string(text)); }

}  // namespace muna::python::builtins
