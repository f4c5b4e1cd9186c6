// math.acosh(x): libm's acosh, with CPython's errors: ValueError("math domain error") below 1.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double acosh(double x) {
  return detail::math_1(x, [](double v) { return std::acosh(v); }, false);
}

}  // namespace muna::python::math
