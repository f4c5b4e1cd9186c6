// math.tan(x): libm's tan, with CPython's errors: ValueError("math domain error") for an infinity.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double tan(double x) {
  return detail::math_1(x, [](double v) { return std::tan(v); }, false);
}

}  // namespace muna::python::math
