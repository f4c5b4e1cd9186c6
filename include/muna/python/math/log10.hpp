// math.log10(x): libm's log10 behind CPython's m_log10: ValueError("math domain error") for 0,
// negatives and -inf.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double log10(double x) {
  return detail::math_1(x, [](double v) { return detail::logarithm(v, [](double u) { return std::log10(u); }); }, false);
}

}  // namespace muna::python::math
