// format(value, spec), which f-strings call for `{value:spec}`: overloads for int, float,
// bool and str, as CPython's int/float/str __format__ (Python/formatter_unicode.c).
#pragma once
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/python/builtins/repr.hpp"
#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"
#include "muna/python/format/spec.hpp"

namespace muna::python::builtins {
namespace detail {

inline std::string format_float_spec(double value, format::Spec spec) {
  unsigned flags = 0;
  if (spec.alternate) flags |= format::kAlternate;
  if (spec.no_neg_0) flags |= format::kNoNegativeZero;
  char32_t type = spec.type;
  int64_t default_precision = 6;
  if (type == 0) {
    // No type: repr without a precision, else 'g' that keeps at least one decimal.
    flags |= format::kAddDot0;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n') type = 'g';
  bool percent = false;
  if (type == '%') {
    type = 'f';
    value *= 100;
    percent = true;
  }
  int64_t precision = spec.precision;
  if (precision < 0)
    precision = default_precision;
  else if (type == 'r')
    type = 'g';
  if (precision > INT_MAX) throw ValueError("precision too big");
  std::string text = format::double_to_string(value, static_cast<char>(type),
                                              static_cast<int>(precision), flags);
  if (percent) text.push_back('%');
  const bool negative = text[0] == '-';
  size_t begin = negative ? 1 : 0;
  size_t digits_end = begin;
  while (digits_end < text.size() && text[digits_end] >= '0' && text[digits_end] <= '9')
    ++digits_end;
  const bool has_decimal = digits_end < text.size() && text[digits_end] == '.';
  return format::layout_number(spec, negative, "", text.substr(begin, digits_end - begin),
                               has_decimal, text.substr(digits_end + (has_decimal ? 1 : 0)));
}

inline std::string format_int_spec(int64_t value, const format::Spec& spec) {
  if (spec.precision != -1) throw ValueError("Precision not allowed in integer format specifier");
  if (spec.no_neg_0)
    throw ValueError("Negative zero coercion (z) not allowed in integer format specifier");
  if (spec.type == 'c') {
    if (spec.sign) throw ValueError("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate)
      throw ValueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < 0 || value > 0x10FFFF) throw OverflowError("%c arg not in range(0x110000)");
    return format::layout_number(spec, false, "", "", false,
                                 unicode::encode(static_cast<char32_t>(value)));
  }
  int base = 10;
  std::string prefix;
  switch (spec.type) {
    case 'b': base = 2; prefix = "0b"; break;
    case 'o': base = 8; prefix = "0o"; break;
    case 'x': base = 16; prefix = "0x"; break;
    case 'X': base = 16; prefix = "0X"; break;
    default: break;
  }
  std::string digits = format::magnitude_digits(value, base);
  if (spec.type == 'X')
    for (char& c : digits) c = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
  return format::layout_number(spec, value < 0, spec.alternate ? prefix : "", digits, false, "");
}

inline std::string format_integer(int64_t value, const std::string& spec_text,
                                  const char* type_name) {
  format::Spec spec = format::parse_spec(spec_text, 'd', '>', type_name);
  switch (spec.type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
      return format_int_spec(value, spec);
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return format_float_spec(static_cast<double>(value), spec);
    default:
      format::unknown_presentation_type(spec.type, type_name);
  }
}

}  // namespace detail

inline std::string format(int64_t value, const std::string& spec = "") {
  if (spec.empty()) return format::int_to_string(value);
  return detail::format_integer(value, spec, "int");
}

inline std::string format(bool value, const std::string& spec = "") {
  // bool formats as int, except that an empty spec means str(value).
  if (spec.empty()) return value ? "True" : "False";
  return detail::format_integer(value ? 1 : 0, spec, "bool");
}

inline std::string format(double value, const std::string& spec = "") {
  if (spec.empty()) return format::float_repr(value);
  format::Spec parsed = format::parse_spec(spec, 0, '>', "float");
  switch (parsed.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
      return detail::format_float_spec(value, parsed);
    default:
      format::unknown_presentation_type(parsed.type, "float");
  }
}

inline std::string format(const std::string& value, const std::string& spec = "") {
  if (spec.empty()) return value;
  format::Spec parsed = format::parse_spec(spec, 's', '<', "str");
  if (parsed.type != 's') format::unknown_presentation_type(parsed.type, "str");
  if (parsed.sign == ' ') throw ValueError("Space not allowed in string format specifier");
  if (parsed.sign) throw ValueError("Sign not allowed in string format specifier");
  if (parsed.no_neg_0)
    throw ValueError("Negative zero coercion (z) not allowed in string format specifier");
  if (parsed.alternate)
    throw ValueError("Alternate form (#) not allowed in string format specifier");
  if (parsed.align == '=')
    throw ValueError("'=' alignment not allowed in string format specifier");
  int64_t n = unicode::length(value);
  std::string text = value;
  if (parsed.precision >= 0 && n > parsed.precision) {
    text = value.substr(0, unicode::offset_of(value, parsed.precision));
    n = parsed.precision;
  }
  return format::pad_text(parsed, text, n);
}

inline std::string format(const char* value, const std::string& spec = "") {
  return format(std::string(value), spec);
}

// Other integer types (an int literal, long long) would be ambiguous between the int64_t,
// double and bool overloads.
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                        !std::is_same_v<T, int64_t>,
                                    int> = 0>
std::string format(T value, const std::string& spec = "") {
  return format(static_cast<int64_t>(value), spec);
}

// A np.float32 scalar formats as the Python float it converts to, spec or not (NumPy 1.24:
// f"{np.float32(0.1)}" is 0.10000000149011612, while str() gives 0.1).
inline std::string format(float value, const std::string& spec = "") {
  return format(static_cast<double>(value), spec);
}

// Containers, None and Optionals: str() without a spec; a spec is object.__format__'s TypeError.
template <class T>
auto format(const T& value, const std::string& spec = "")
    -> decltype(repr(value), std::enable_if_t<!std::is_arithmetic_v<T>, std::string>()) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to object.__format__");
  return repr(value);
}

}  // namespace muna::python::builtins
