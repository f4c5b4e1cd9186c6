// math.sqrt(x): libm's sqrt, with CPython's errors: ValueError("math domain error") below 0 (sqrt(-0.0) is -0.0).
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double sqrt(double x) {
  return detail::math_1(x, [](double v) { return std::sqrt(v); }, false);
}

}  // namespace muna::python::math
