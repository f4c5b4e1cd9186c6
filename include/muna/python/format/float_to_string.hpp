// double -> text exactly as CPython's PyOS_double_to_string (Python/pystrtod.c), which
// str(), repr(), format() and f-strings all go through. CPython gets its digits from David
// Gay's dtoa; std::to_chars gives the same correctly rounded (ties-to-even) digits, and
// the layout rules below are CPython's format_float_short, step for step.
#pragma once
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>

#include <muna/core/opcore.hpp>

namespace muna::python::format {

// Flags of PyOS_double_to_string.
enum FloatFlags : unsigned {
  kSignAlways = 1,    // Py_DTSF_SIGN: '+' on non-negative numbers
  kAddDot0 = 2,       // Py_DTSF_ADD_DOT_0: "1.0", not "1"
  kAlternate = 4,     // Py_DTSF_ALT: keep trailing zeros and the decimal point
  kNoNegativeZero = 8 // Py_DTSF_NO_NEG_0: the 'z' option
};

// A decimal digit string d1d2d3... meaning 0.d1d2d3... * 10**decpt, as _Py_dg_dtoa returns it.
struct DecimalDigits {
  std::string digits;
  int decpt = 0;
};

namespace detail {

inline std::string to_chars_string(double x, std::chars_format fmt, int precision) {
  // 1100 characters hold any double's exact expansion with sign and exponent; a requested
  // precision only adds zeros beyond that.
  std::string buf(1100 + static_cast<size_t>(precision < 0 ? 0 : precision), '\0');
  char* first = buf.data();
  std::to_chars_result r = precision < 0
                               ? std::to_chars(first, first + buf.size(), x, fmt)
                               : std::to_chars(first, first + buf.size(), x, fmt, precision);
  buf.resize(static_cast<size_t>(r.ptr - first));
  return buf;
}

// Splits to_chars' scientific output "d.ddde+XX" into dtoa's (digits, decpt).
inline DecimalDigits from_scientific(const std::string& text) {
  DecimalDigits out;
  size_t e = text.find('e');
  for (size_t i = 0; i < e; ++i)
    if (text[i] != '.') out.digits.push_back(text[i]);
  out.decpt = std::stoi(text.substr(e + 1)) + 1;
  return out;
}

inline void strip_trailing_zeros(DecimalDigits& d) {
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
}

}  // namespace detail

// _Py_dg_dtoa mode 0: the shortest digits that round-trip. |x| must be finite.
MUNA_OPCORE_FN DecimalDigits shortest_digits(double x);

// _Py_dg_dtoa mode 2: `ndigits` >= 1 significant digits, correctly rounded, trailing zeros
// dropped (zero is "0" with decpt 1).
MUNA_OPCORE_FN DecimalDigits significant_digits(double x, int ndigits);

// _Py_dg_dtoa mode 3: rounded to `ndigits` >= 0 places after the point.
MUNA_OPCORE_FN DecimalDigits fixed_digits(double x, int ndigits);

// The shortest digits that round-trip through float32 (NumPy's float32 repr: np.float32(0.1)
// prints 0.1).
MUNA_OPCORE_FN DecimalDigits shortest_digits_float32(float x);

// PyOS_double_to_string(val, format_code, precision, flags): format_code is one of
// 'e' 'E' 'f' 'F' 'g' 'G' 'r' (repr; precision ignored). `float32`: 'r' takes the shortest
// digits of the float32 value (NumPy's repr of a float32 scalar; the layout is Python's).
MUNA_OPCORE_FN std::string double_to_string(double val, char format_code, int precision,
                                            unsigned flags = 0, bool float32 = false);

// repr(float) and str(float).
inline std::string float_repr(double x) { return double_to_string(x, 'r', 0, kAddDot0); }
// repr() and str() of a np.float32 scalar.
inline std::string float32_repr(float x) { return double_to_string(x, 'r', 0, kAddDot0, true); }

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN DecimalDigits shortest_digits(double x) {
  return detail::from_scientific(
      detail::to_chars_string(std::fabs(x), std::chars_format::scientific, -1));
}

MUNA_OPCORE_FN DecimalDigits significant_digits(double x, int ndigits) {
  DecimalDigits d = detail::from_scientific(
      detail::to_chars_string(std::fabs(x), std::chars_format::scientific, ndigits - 1));
  detail::strip_trailing_zeros(d);
  if (d.digits == "0") d.decpt = 1;
  return d;
}

MUNA_OPCORE_FN DecimalDigits fixed_digits(double x, int ndigits) {
  std::string text = detail::to_chars_string(std::fabs(x), std::chars_format::fixed, ndigits);
  DecimalDigits d;
  size_t point = text.find('.');
  int int_digits = static_cast<int>(point == std::string::npos ? text.size() : point);
  for (char c : text)
    if (c != '.') d.digits.push_back(c);
  size_t lead = d.digits.find_first_not_of('0');
  if (lead == std::string::npos) return {"0", 1};
  d.digits.erase(0, lead);
  d.decpt = int_digits - static_cast<int>(lead);
  detail::strip_trailing_zeros(d);
  return d;
}

MUNA_OPCORE_FN DecimalDigits shortest_digits_float32(float x) {
  std::string buf(64, '\0');
  std::to_chars_result r = std::to_chars(buf.data(), buf.data() + buf.size(), std::fabs(x),
                                         std::chars_format::scientific);
  buf.resize(static_cast<size_t>(r.ptr - buf.data()));
  return detail::from_scientific(buf);
}

MUNA_OPCORE_FN std::string double_to_string(double val, char format_code, int precision,
                                            unsigned flags, bool float32) {
  const bool upper = format_code == 'E' || format_code == 'F' || format_code == 'G';
  char code = upper ? static_cast<char>(format_code - 'A' + 'a') : format_code;
  const bool alt = flags & kAlternate;
  const bool add_dot_0 = flags & kAddDot0;
  std::string out;
  bool negative = std::signbit(val);

  if (std::isnan(val) || std::isinf(val)) {
    // CPython never prints a sign on nan.
    if (std::isnan(val)) negative = false;
    if (negative)
      out.push_back('-');
    else if (flags & kSignAlways)
      out.push_back('+');
    out += std::isnan(val) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    return out;
  }

  DecimalDigits d;
  switch (code) {
    case 'e':
      ++precision;
      d = significant_digits(val, precision);
      break;
    case 'f':
      d = fixed_digits(val, precision);
      break;
    case 'g':
      if (precision == 0) precision = 1;
      d = significant_digits(val, precision);
      break;
    default:  // 'r'
      d = float32 ? shortest_digits_float32(static_cast<float>(val)) : shortest_digits(val);
      break;
  }
  if ((flags & kNoNegativeZero) && negative && d.digits == "0") negative = false;

  const int digits_len = static_cast<int>(d.digits.size());
  int decpt = d.decpt;
  int vdigits_end = digits_len;
  bool use_exp = false;
  switch (code) {
    case 'e':
      use_exp = true;
      vdigits_end = precision;
      break;
    case 'f':
      vdigits_end = decpt + precision;
      break;
    case 'g':
      if (decpt <= -4 || decpt > (add_dot_0 ? precision - 1 : precision)) use_exp = true;
      if (alt) vdigits_end = precision;
      break;
    default:
      // repr switches to exponent notation at 1e16 and below 1e-4.
      if (decpt <= -4 || decpt > 16) use_exp = true;
      break;
  }
  int exp = 0;
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  const int vdigits_start = decpt <= 0 ? decpt - 1 : 0;
  if (!use_exp && add_dot_0)
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt + 1;
  else
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt;

  if (negative)
    out.push_back('-');
  else if (flags & kSignAlways)
    out.push_back('+');
  if (decpt <= 0) {
    out.append(static_cast<size_t>(decpt - vdigits_start), '0');
    out.push_back('.');
    out.append(static_cast<size_t>(-decpt), '0');
  } else {
    out.append(static_cast<size_t>(-vdigits_start), '0');
  }
  if (0 < decpt && decpt <= digits_len) {
    out.append(d.digits, 0, static_cast<size_t>(decpt));
    out.push_back('.');
    out.append(d.digits, static_cast<size_t>(decpt), std::string::npos);
  } else {
    out += d.digits;
  }
  if (digits_len < decpt) {
    out.append(static_cast<size_t>(decpt - digits_len), '0');
    out.push_back('.');
    out.append(static_cast<size_t>(vdigits_end - decpt), '0');
  } else {
    out.append(static_cast<size_t>(vdigits_end - digits_len), '0');
  }
  if (out.back() == '.' && !alt) out.pop_back();
  if (use_exp) {
    out.push_back(upper ? 'E' : 'e');
    out.push_back(exp < 0 ? '-' : '+');
    int mag = exp < 0 ? -exp : exp;
    if (mag < 10) out.push_back('0');
    out += std::to_string(mag);
  }
  return out;
}
#endif

}  // namespace muna::python::format
