// math.asin(x): libm's asin, with CPython's errors: ValueError("math domain error") outside [-1, 1].
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double asin(double x) {
  return detail::math_1(x, [](double v) { return std::asin(v); }, false);
}

}  // namespace muna::python::math
