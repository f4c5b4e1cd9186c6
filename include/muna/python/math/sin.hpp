// math.sin(x): libm's sin, with CPython's errors: ValueError("math domain error") for an infinity.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double sin(double x) {
  return detail::math_1(x, [](double v) { return std::sin(v); }, false);
}

}  // namespace muna::python::math
