// math.erfc(x): libm's erfc (CPython uses the C library's where it has one, as glibc does); it
// raises nothing (an underflow to 0 is not an error).
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double erfc(double x) {
  return detail::math_1a(x, [](double v) { return std::erfc(v); });
}

}  // namespace muna::python::math
