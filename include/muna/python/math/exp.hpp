// math.exp(x): libm's exp, with CPython's errors: OverflowError("math range error") when it overflows; underflow gives 0.0.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double exp(double x) {
  return detail::math_1(x, [](double v) { return std::exp(v); }, true);
}

}  // namespace muna::python::math
