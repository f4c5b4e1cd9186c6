// math.copysign(x, y): the magnitude of x with the sign of y (also of a zero or a NaN).
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double copysign(double x, double y) {
  return detail::math_2(x, y, [](double a, double b) { return std::copysign(a, b); });
}

}  // namespace muna::python::math
