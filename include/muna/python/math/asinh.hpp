// math.asinh(x): libm's asinh, with CPython's errors: no errors.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double asinh(double x) {
  return detail::math_1(x, [](double v) { return std::asinh(v); }, false);
}

}  // namespace muna::python::math
