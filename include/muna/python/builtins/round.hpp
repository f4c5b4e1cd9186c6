// round(x) and round(x, ndigits): ties to even. For floats with ndigits CPython rounds the
// exact decimal value of the double (round(2.675, 2) == 2.67 because 2.675 is stored as
// 2.67499999...); this does the same on the exact digit expansion.
#pragma once
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <system_error>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"
#include "muna/python/format/float_to_string.hpp"

namespace muna::python::builtins {

inline int64_t round(int64_t x) { return x; }

inline int64_t round(int64_t x, int64_t ndigits) {
  if (ndigits >= 0) return x;
  // |x| < 10**19, so for 10**39 and up every x rounds to 0 (never to a tie).
  if (ndigits <= -39) return 0;
  __int128 pow10 = 1;
  for (int64_t k = 0; k < -ndigits; ++k) pow10 *= 10;
  __int128 rem = x % pow10;
  if (rem < 0) rem += pow10;
  __int128 result = x - rem;
  __int128 quotient = (x - rem) / pow10;
  if (2 * rem > pow10 || (2 * rem == pow10 && (quotient & 1) != 0)) result += pow10;
  return checked_int(result);
}

inline int64_t round(double x) {
  if (std::isnan(x)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(x)) throw OverflowError("cannot convert float infinity to integer");
  double rounded = std::round(x);
  if (std::fabs(x - rounded) == 0.5) rounded = 2.0 * std::round(x / 2.0);
  if (rounded >= 9223372036854775808.0 || rounded < -9223372036854775808.0) raise_int_overflow();
  return static_cast<int64_t>(rounded);
}

inline double round(double x, int64_t ndigits) {
  if (!std::isfinite(x)) return x;
  // Beyond these every double rounds to itself or to +-0.0 (CPython's NDIGITS_MAX/MIN).
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;
  // The exact decimal expansion of a double has at most 767 significant digits.
  format::DecimalDigits exact = format::significant_digits(x, 800);
  std::string digits = exact.digits;
  int decpt = exact.decpt;
  const int64_t keep = decpt + ndigits;  // significant digits left of the rounding point
  std::string kept;
  if (keep > 0) {
    if (static_cast<int64_t>(digits.size()) < keep) digits.append(keep - digits.size(), '0');
    kept = digits.substr(0, keep);
    std::string rest = digits.substr(keep);
    bool round_up = false;
    if (!rest.empty() && rest[0] > '5') {
      round_up = true;
    } else if (!rest.empty() && rest[0] == '5') {
      bool beyond_half = rest.find_first_not_of('0', 1) != std::string::npos;
      round_up = beyond_half || ((kept.back() - '0') & 1);
    }
    if (round_up) {
      int i = static_cast<int>(kept.size()) - 1;
      for (; i >= 0 && kept[i] == '9'; --i) kept[i] = '0';
      if (i >= 0)
        ++kept[i];
      else
        kept.insert(kept.begin(), '1');
    }
  } else if (keep == 0) {
    // 0.ddd... against one unit: only strictly more than half rounds up (0 is even).
    bool above_half = digits[0] > '5' ||
                      (digits[0] == '5' && digits.find_first_not_of('0', 1) != std::string::npos);
    if (above_half) kept = "1";
  }
  std::string text = std::signbit(x) ? "-0" : "0";
  text += kept;
  text += "e" + std::to_string(-ndigits);
  double result = 0;
  std::from_chars_result r = std::from_chars(text.data(), text.data() + text.size(), result);
  if (r.ec == std::errc::result_out_of_range)
    throw OverflowError("rounded value too large to represent");
  return result;
}

}  // namespace muna::python::builtins
