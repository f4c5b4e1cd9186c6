// math.cos(x): libm's cos, with CPython's errors: ValueError("math domain error") for an infinity.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double cos(double x) {
  return detail::math_1(x, [](double v) { return std::cos(v); }, false);
}

}  // namespace muna::python::math
