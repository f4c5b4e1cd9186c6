// math.fabs(x): libm's fabs, with CPython's errors: no errors.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double fabs(double x) {
  return detail::math_1(x, [](double v) { return std::fabs(v); }, false);
}

}  // namespace muna::python::math
