// math.pow(x, y): CPython's math_pow, which differs from `**`: the IEEE special values are
// settled first (pow(nan, 0) = 1, pow(1, nan) = 1, pow(-inf, 3) = -inf, ...); then libm's pow,
// with ValueError("math domain error") for a negative x to a non-integer power and for 0 to a
// negative power, and OverflowError("math range error") when it overflows.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double pow(double x, double y) {
  double r = 0.;
  if (!std::isfinite(x) || !std::isfinite(y)) {
    errno = 0;
    if (std::isnan(x)) {
      r = y == 0. ? 1. : x;
    } else if (std::isnan(y)) {
      r = x == 1. ? 1. : y;
    } else if (std::isinf(x)) {
      const bool odd_y = std::isfinite(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
      if (y > 0.)
        r = odd_y ? x : std::fabs(x);
      else if (y == 0.)
        r = 1.;
      else
        r = odd_y ? std::copysign(0., x) : 0.;
    } else {  // y is infinite
      if (std::fabs(x) == 1.0)
        r = 1.;
      else if (y > 0. && std::fabs(x) > 1.0)
        r = y;
      else if (y < 0. && std::fabs(x) < 1.0)
        r = -y;
      else
        r = 0.;
    }
  } else {
    errno = 0;
    r = std::pow(detail::opaque(x), detail::opaque(y));
    if (!std::isfinite(r)) {
      if (std::isnan(r))
        errno = EDOM;
      else
        errno = x == 0. ? EDOM : ERANGE;  // 0 ** negative, or an overflow
    }
  }
  detail::check_errno(r);
  return r;
}

}  // namespace muna::python::math
