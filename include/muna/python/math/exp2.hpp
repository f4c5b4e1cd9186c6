// math.exp2(x): libm's exp2, with CPython's errors: OverflowError("math range error") when it overflows (new in Python 3.11).
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double exp2(double x) {
  return detail::math_1(x, [](double v) { return std::exp2(v); }, true);
}

}  // namespace muna::python::math
