// math.log1p(x): libm's log1p with zeros returned as given (CPython's _Py_log1p keeps the sign
// of -0.0 on every platform); ValueError("math domain error") at and below -1.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double log1p(double x) {
  return detail::math_1(x, [](double v) { return v == 0.0 ? v : std::log1p(v); }, false);
}

}  // namespace muna::python::math
