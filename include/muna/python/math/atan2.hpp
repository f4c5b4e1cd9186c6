// math.atan2(y, x): CPython's m_atan2, which settles NaNs, infinities and zeros itself before
// calling libm's atan2.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {
namespace detail {

inline double m_atan2(double y, double x) {
  constexpr double pi = 3.14159265358979323846;
  if (std::isnan(x) || std::isnan(y)) return NAN;
  if (std::isinf(y)) {
    if (std::isinf(x)) return std::copysign(std::copysign(1., x) == 1. ? 0.25 * pi : 0.75 * pi, y);
    return std::copysign(0.5 * pi, y);
  }
  if (std::isinf(x) || y == 0.) return std::copysign(std::copysign(1., x) == 1. ? 0. : pi, y);
  return std::atan2(y, x);
}

}  // namespace detail

inline double atan2(double y, double x) { return detail::math_2(y, x, detail::m_atan2); }

}  // namespace muna::python::math
