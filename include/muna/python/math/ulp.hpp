// math.ulp(x): the value of the least significant bit of x: ulp(nan) is nan, ulp(+-inf) is inf,
// ulp of the largest float is the gap below it.
#pragma once
#include <cmath>

namespace muna::python::math {

inline double ulp(double x) {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  const double up = std::nextafter(x, HUGE_VAL);
  if (std::isinf(up)) return x - std::nextafter(x, -HUGE_VAL);
  return up - x;
}

}  // namespace muna::python::math
