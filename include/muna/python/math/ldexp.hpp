// math.ldexp(x, i): x * 2**i, exactly rounded; zeros, infinities and NaN unchanged; an overflow
// is OverflowError("math range error"), an underflow gives a signed zero.
#pragma once
#include <climits>
#include <cmath>
#include <cstdint>

#include "muna/python/math/detail/libm.hpp"

namespace muna::python::math {

inline double ldexp(double x, int64_t i) {
  double r;
  errno = 0;
  if (x == 0. || !std::isfinite(x)) {
    r = x;
  } else if (i > INT_MAX) {
    r = std::copysign(HUGE_VAL, x);
    errno = ERANGE;
  } else if (i < INT_MIN) {
    r = std::copysign(0., x);
  } else {
    r = std::ldexp(x, static_cast<int>(i));
    errno = std::isinf(r) ? ERANGE : 0;
  }
  detail::check_errno(r);
  return r;
}

}  // namespace muna::python::math
