// math.gamma(x): CPython's own m_tgamma (Lanczos approximation, reflection for x < 0), within 10
// ulps of the true value as CPython states, and equal to CPython's result bit for bit.
// ValueError("math domain error") at 0, the negative integers and -inf; OverflowError("math
// range error") where it overflows (x > 171.6...).
#pragma once
#include <cerrno>
#include <cmath>

#include "muna/python/math/detail/lanczos.hpp"
#include "muna/python/math/detail/libm.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math {
namespace detail {

inline double m_tgamma(double x) {
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
  }
  if (x == 0.0) {
    errno = EDOM;
    return std::copysign(HUGE_VAL, x);
  }
  if (x == std::floor(x)) {
    if (x < 0.0) {
      errno = EDOM;
      return NAN;
    }
    if (x <= kGammaIntegral) return kGammaOfIntegers[static_cast<int>(x) - 1];
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) {  // gamma(x) ~ 1/x near 0
    const double r = 1.0 / x;
    if (std::isinf(r)) errno = ERANGE;
    return r;
  }
  if (absx > 200.0) {  // overflows for x > 200, underflows to +-0 for x < -200
    if (x < 0.0) return 0.0 / sinpi(x);
    errno = ERANGE;
    return HUGE_VAL;
  }
  const double y = absx + kLanczosGMinusHalf;
  // The error in y, to correct pow(y, x - 0.5) / exp(y) below.
  double z;
  if (absx > kLanczosGMinusHalf) {
    const double q = y - absx;
    z = q - kLanczosGMinusHalf;
  } else {
    const double q = y - kLanczosGMinusHalf;
    z = q - absx;
  }
  z = z * kLanczosG / y;
  double r;
  if (x < 0.0) {
    r = -kPi / sinpi(absx) / absx * std::exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / std::exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

}  // namespace detail

inline double gamma(double x) { return detail::math_1a(x, detail::m_tgamma); }

}  // namespace muna::python::math
MUNA_FP_EXACT_END
