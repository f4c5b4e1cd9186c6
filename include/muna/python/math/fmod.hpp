// math.fmod(x, y): libm's fmod (the sign of x, unlike x % y); fmod(x, +-inf) is x for a finite
// x; ValueError("math domain error") for y == 0 or an infinite x.
#pragma once
#include <cmath>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double fmod(double x, double y) {
  if (std::isinf(y) && std::isfinite(x)) return x;
  errno = 0;
  const double r = std::fmod(detail::opaque(x), detail::opaque(y));
  if (std::isnan(r)) errno = (!std::isnan(x) && !std::isnan(y)) ? EDOM : 0;
  detail::check_errno(r);
  return r;
}

}  // namespace muna::python::math
