// math.atanh(x): libm's atanh, with CPython's errors: ValueError("math domain error") at and beyond +-1.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double atanh(double x) {
  return detail::math_1(x, [](double v) { return std::atanh(v); }, false);
}

}  // namespace muna::python::math
