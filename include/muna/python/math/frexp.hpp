// math.frexp(x): (m, e) with x == m * 2**e and 0.5 <= abs(m) < 1; zeros, infinities and NaN
// come back as (x, 0).
#pragma once
#include <cmath>
#include <cstdint>
#include <tuple>

namespace muna::python::math {

inline std::tuple<double, int64_t> frexp(double x) {
  int e = 0;
  if (std::isnan(x) || std::isinf(x) || x == 0.0) return {x, 0};
  const double m = std::frexp(x, &e);
  return {m, e};
}

}  // namespace muna::python::math
