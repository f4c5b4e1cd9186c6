// math.tanh(x): libm's tanh, with CPython's errors: no errors.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double tanh(double x) {
  return detail::math_1(x, [](double v) { return std::tanh(v); }, false);
}

}  // namespace muna::python::math
