// math.atan(x): libm's atan, with CPython's errors: no errors.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double atan(double x) {
  return detail::math_1(x, [](double v) { return std::atan(v); }, false);
}

}  // namespace muna::python::math
