// math.acos(x): libm's acos, with CPython's errors: ValueError("math domain error") outside [-1, 1].
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double acos(double x) {
  return detail::math_1(x, [](double v) { return std::acos(v); }, false);
}

}  // namespace muna::python::math
