// math.sinh(x): libm's sinh, with CPython's errors: OverflowError("math range error") when it overflows.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double sinh(double x) {
  return detail::math_1(x, [](double v) { return std::sinh(v); }, true);
}

}  // namespace muna::python::math
