// math.cosh(x): libm's cosh, with CPython's errors: OverflowError("math range error") when it overflows.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double cosh(double x) {
  return detail::math_1(x, [](double v) { return std::cosh(v); }, true);
}

}  // namespace muna::python::math
