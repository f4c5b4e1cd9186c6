// Python's a ** b on int (exact, OverflowError past 64 bits; a negative exponent is float) and
// on float (CPython's error cases).
#pragma once
#include <cmath>

#include <muna/python/operator/detail.hpp>

namespace muna::python::operator_ {
inline int64_t pow(int64_t base, int64_t exp) {
  if (exp < 0) throw ValueError("negative exponent reached an int result; use a float base");
  int64_t result = 1;
  while (exp) {
    if (exp & 1)
      if (__builtin_mul_overflow(result, base, &result)) detail::overflow();
    exp >>= 1;
    if (exp && __builtin_mul_overflow(base, base, &base)) detail::overflow();
  }
  return result;
}
inline double pow(double a, double b) {
  if (a == 0.0 && b < 0.0) throw ZeroDivisionError("0.0 cannot be raised to a negative power");
  if (a < 0.0 && std::isfinite(a) && std::isfinite(b) && b != std::floor(b))
    throw ValueError("negative number cannot be raised to a fractional power");
  return std::pow(a, b);
}
}  // namespace muna::python::operator_
