// math.lgamma(x): log(abs(gamma(x))) by CPython's own m_lgamma (Lanczos), equal to CPython's
// result bit for bit. ValueError("math domain error") at 0 and the negative integers; inf for
// +-inf; OverflowError("math range error") where it overflows.
#pragma once
#include <cerrno>
#include <cmath>

#include "muna/python/math/detail/lanczos.hpp"
#include "muna/python/math/detail/libm.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math {
namespace detail {

inline double m_lgamma(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? x : HUGE_VAL;
  if (x == std::floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      errno = EDOM;
      return HUGE_VAL;
    }
    return 0.0;  // lgamma(1) = lgamma(2) = 0
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) return -std::log(absx);
  double r = std::log(lanczos_sum(absx)) - kLanczosG;
  r += (absx - 0.5) * (std::log(absx + kLanczosG - 0.5) - 1);
  if (x < 0.0) r = kLogPi - std::log(std::fabs(sinpi(absx))) - std::log(absx) - r;  // reflection
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

}  // namespace detail

inline double lgamma(double x) { return detail::math_1a(x, detail::m_lgamma); }

}  // namespace muna::python::math
MUNA_FP_EXACT_END
