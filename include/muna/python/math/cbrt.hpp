// math.cbrt(x): libm's cbrt, with CPython's errors: no errors (new in Python 3.11).
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double cbrt(double x) {
  return detail::math_1(x, [](double v) { return std::cbrt(v); }, false);
}

}  // namespace muna::python::math
