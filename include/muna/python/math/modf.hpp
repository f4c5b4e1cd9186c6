// math.modf(x): (fractional part, integral part), both floats with the sign of x;
// modf(+-inf) is (+-0.0, +-inf), modf(nan) is (nan, nan).
#pragma once
#include <cmath>
#include <tuple>

namespace muna::python::math {

inline std::tuple<double, double> modf(double x) {
  if (std::isinf(x)) return {std::copysign(0., x), x};
  if (std::isnan(x)) return {x, x};
  double integral = 0.0;
  const double fractional = std::modf(x, &integral);
  return {fractional, integral};
}

}  // namespace muna::python::math
