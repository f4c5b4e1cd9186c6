// math.log(x[, base]): libm's log behind CPython's m_log (log(0) and log of a negative or -inf
// are ValueError("math domain error"), log(inf) = inf, log(nan) = nan), then num / den for a
// base, a float division: ZeroDivisionError("float division by zero") for base 1.
#pragma once
#include <cmath>

#include "muna/core/error.hpp"
#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double log(double x) {
  return detail::math_1(x, [](double v) { return detail::logarithm(v, [](double u) { return std::log(u); }); }, false);
}

inline double log(double x, double base) {
  const double num = log(x);
  const double den = log(base);
  if (den == 0.0) throw ZeroDivisionError("float division by zero");
  return num / den;
}

}  // namespace muna::python::math
