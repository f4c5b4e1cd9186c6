// math.remainder(x, y): IEEE 754 remainder (x - n*y with n the nearest integer, ties to even),
// always exact, computed as CPython's m_remainder does; ValueError("math domain error") for
// y == 0 or an infinite x.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math {
namespace detail {

inline double m_remainder(double x, double y) {
  if (std::isfinite(x) && std::isfinite(y)) {
    if (y == 0.0) return NAN;
    const double absx = std::fabs(x), absy = std::fabs(y);
    const double m = std::fmod(absx, absy);
    // m against half of absy, compared through c = absy - m (exact where it matters).
    const double c = absy - m;
    double r;
    if (m < c)
      r = m;
    else if (m > c)
      r = -c;
    else
      r = m - 2.0 * std::fmod(0.5 * (absx - m), absy);  // a tie: the even multiple
    return std::copysign(1.0, x) * r;
  }
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  if (std::isinf(x)) return NAN;
  return x;
}

}  // namespace detail

inline double remainder(double x, double y) { return detail::math_2(x, y, detail::m_remainder); }

}  // namespace muna::python::math
MUNA_FP_EXACT_END
