// The format-spec mini-language ([[fill]align][sign][z][#][0][width][,|_][.precision][type]),
// parsed and laid out as CPython's Python/formatter_unicode.c does it, so error messages,
// padding and digit grouping match byte for byte.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::format {

struct Spec {
  char32_t fill = ' ';
  char32_t align = '>';
  bool alternate = false;
  bool no_neg_0 = false;
  char sign = 0;
  int64_t width = -1;
  char separator = 0;    // ',' or '_'
  int group_size = 3;    // 4 for '_' with b/o/x/X
  int64_t precision = -1;
  char32_t type = 0;
};

namespace detail {

inline bool is_align(char32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Reads a run of ASCII digits; returns how many were read.
inline int read_integer(const std::u32string& s, size_t& pos, int64_t& value) {
  int n = 0;
  value = 0;
  for (; pos < s.size() && s[pos] >= '0' && s[pos] <= '9'; ++pos, ++n) {
    int digit = static_cast<int>(s[pos] - '0');
    if (value > (INT64_MAX - digit) / 10)
      throw ValueError("Too many decimal digits in format string");
    value = value * 10 + digit;
  }
  return n;
}

inline std::string code_name(char32_t type) {
  if (type > 32 && type < 128) return std::string(1, static_cast<char>(type));
  static const char* hex = "0123456789abcdef";
  std::string out = "\\x";
  std::string digits;
  for (char32_t v = type; v; v >>= 4) digits.insert(digits.begin(), hex[v & 15]);
  return out + (digits.empty() ? "0" : digits);
}

}  // namespace detail

[[noreturn]] inline void unknown_presentation_type(char32_t type, const char* type_name) {
  throw ValueError("Unknown format code '" + detail::code_name(type) + "' for object of type '" +
                   type_name + "'");
}

// parse_internal_render_format_spec: `type_name` only feeds error messages.
inline Spec parse_spec(const std::string& text, char32_t default_type, char32_t default_align,
                       const char* type_name) {
  std::u32string s = unicode::to_code_points(text);
  Spec spec;
  spec.align = default_align;
  spec.type = default_type;
  size_t pos = 0;
  const size_t end = s.size();
  bool fill_specified = false, align_specified = false;
  if (end - pos >= 2 && detail::is_align(s[pos + 1])) {
    spec.align = s[pos + 1];
    spec.fill = s[pos];
    fill_specified = align_specified = true;
    pos += 2;
  } else if (end - pos >= 1 && detail::is_align(s[pos])) {
    spec.align = s[pos];
    align_specified = true;
    ++pos;
  }
  if (pos < end && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) spec.sign = static_cast<char>(s[pos++]);
  if (pos < end && s[pos] == 'z') {
    spec.no_neg_0 = true;
    ++pos;
  }
  if (pos < end && s[pos] == '#') {
    spec.alternate = true;
    ++pos;
  }
  // A leading '0' is shorthand for fill '0' with '=' alignment (for numbers).
  if (!fill_specified && pos < end && s[pos] == '0') {
    spec.fill = '0';
    if (!align_specified && default_align == '>') spec.align = '=';
    ++pos;
  }
  int64_t value;
  if (detail::read_integer(s, pos, value) > 0) spec.width = value;
  if (pos < end && s[pos] == ',') {
    spec.separator = ',';
    ++pos;
  }
  if (pos < end && s[pos] == '_') {
    if (spec.separator) throw ValueError("Cannot specify both ',' and '_'.");
    spec.separator = '_';
    ++pos;
  }
  if (pos < end && s[pos] == ',' && spec.separator == '_')
    throw ValueError("Cannot specify both ',' and '_'.");
  if (pos < end && s[pos] == '.') {
    ++pos;
    if (detail::read_integer(s, pos, value) == 0)
      throw ValueError("Format specifier missing precision");
    spec.precision = value;
  }
  if (end - pos > 1)
    throw ValueError("Invalid format specifier '" + text + "' for object of type '" + type_name +
                     "'");
  if (end - pos == 1) spec.type = s[pos];
  if (spec.separator) {
    switch (spec.type) {
      case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
        break;
      case 'b': case 'o': case 'x': case 'X':
        if (spec.separator == '_') {
          spec.group_size = 4;
          break;
        }
        [[fallthrough]];
      default:
        throw ValueError(std::string("Cannot specify '") + spec.separator + "' with '" +
                         detail::code_name(spec.type) + "'.");
    }
  }
  return spec;
}

namespace detail {

inline void append_fill(std::string& out, char32_t fill, int64_t count) {
  std::string one = unicode::encode(fill);
  for (int64_t k = 0; k < count; ++k) out += one;
}

// _PyUnicode_InsertThousandsGrouping: digits padded with '0' up to min_width (separators
// included in the width), grouped from the right when a separator is given.
inline std::string group_digits(const std::string& digits, int64_t min_width, char separator,
                                int group_size) {
  std::string reversed;
  int64_t remaining = static_cast<int64_t>(digits.size());
  auto emit = [&](int64_t n_zeros, int64_t n_chars, bool use_sep) {
    if (use_sep) reversed.push_back(separator);
    for (int64_t k = 0; k < n_chars; ++k) reversed.push_back(digits[remaining - 1 - k]);
    reversed.append(static_cast<size_t>(n_zeros), '0');
  };
  if (separator) {
    bool use_sep = false;
    for (;;) {
      int64_t l = std::max<int64_t>(std::max(remaining, min_width), 1);
      l = std::min<int64_t>(l, group_size);
      int64_t n_zeros = std::max<int64_t>(0, l - remaining);
      int64_t n_chars = std::max<int64_t>(0, std::min(remaining, l));
      emit(n_zeros, n_chars, use_sep);
      use_sep = true;
      remaining -= n_chars;
      min_width -= l;
      if (remaining <= 0 && min_width <= 0) break;
      min_width -= 1;
    }
  } else {
    int64_t l = std::max<int64_t>(std::max(remaining, min_width), 1);
    emit(std::max<int64_t>(0, l - remaining), std::max<int64_t>(0, std::min(remaining, l)), false);
  }
  return std::string(reversed.rbegin(), reversed.rend());
}

}  // namespace detail

// calc_number_widths + fill_number. The number is [sign_char][prefix]digits[.remainder];
// `remainder` holds whatever follows the decimal point (or the integer digits when there is
// no point): fraction, exponent, '%', or all of "inf"/"nan".
inline std::string layout_number(const Spec& spec, bool negative, const std::string& prefix,
                                 const std::string& digits, bool has_decimal,
                                 const std::string& remainder) {
  char sign = 0;
  if (spec.sign == '+')
    sign = negative ? '-' : '+';
  else if (spec.sign == ' ')
    sign = negative ? '-' : ' ';
  else if (negative)
    sign = '-';
  const int64_t n_remainder = unicode::length(remainder);
  const int64_t n_non_digit = (sign ? 1 : 0) + static_cast<int64_t>(prefix.size()) +
                              (has_decimal ? 1 : 0) + n_remainder;
  const int64_t min_width =
      (spec.fill == '0' && spec.align == '=') ? spec.width - n_non_digit : 0;
  std::string grouped;
  if (!digits.empty())
    grouped = detail::group_digits(digits, min_width, spec.separator, spec.group_size);
  int64_t padding = spec.width - (n_non_digit + static_cast<int64_t>(grouped.size()));
  int64_t lpad = 0, spad = 0, rpad = 0;
  if (padding > 0) {
    switch (spec.align) {
      case '<': rpad = padding; break;
      case '^': lpad = padding / 2; rpad = padding - lpad; break;
      case '=': spad = padding; break;
      default: lpad = padding; break;
    }
  }
  std::string out;
  detail::append_fill(out, spec.fill, lpad);
  if (sign) out.push_back(sign);
  out += prefix;
  detail::append_fill(out, spec.fill, spad);
  out += grouped;
  if (has_decimal) out.push_back('.');
  out += remainder;
  detail::append_fill(out, spec.fill, rpad);
  return out;
}

// Text after the mini-language: calc_padding for strings (already validated).
inline std::string pad_text(const Spec& spec, const std::string& text, int64_t n_chars) {
  int64_t total = spec.width >= 0 && spec.width > n_chars ? spec.width : n_chars;
  int64_t lpad = spec.align == '>' ? total - n_chars : spec.align == '^' ? (total - n_chars) / 2 : 0;
  std::string out;
  detail::append_fill(out, spec.fill, lpad);
  out += text;
  detail::append_fill(out, spec.fill, total - n_chars - lpad);
  return out;
}

}  // namespace muna::python::format
