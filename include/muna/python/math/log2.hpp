// math.log2(x): libm's log2 (exact for powers of two) behind CPython's m_log2: ValueError("math
// domain error") for 0, negatives and -inf.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double log2(double x) {
  return detail::math_1(x, [](double v) { return detail::logarithm(v, [](double u) { return std::log2(u); }); }, false);
}

}  // namespace muna::python::math
