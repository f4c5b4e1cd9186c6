// math.expm1(x): libm's expm1, with CPython's errors: OverflowError("math range error") when it overflows.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double expm1(double x) {
  return detail::math_1(x, [](double v) { return std::expm1(v); }, true);
}

}  // namespace muna::python::math
