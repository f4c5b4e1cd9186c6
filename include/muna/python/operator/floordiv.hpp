// Python's a // b: rounds toward negative infinity (C++ truncates toward zero).
#pragma once
#include <cmath>

#include <muna/python/operator/detail.hpp>

namespace muna::python::operator_ {
inline int64_t floordiv(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
  if (a == INT64_MIN && b == -1) detail::overflow();
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
// CPython's float_floor_div: floor of the exact quotient computed via fmod.
inline double floordiv(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float floor division by zero");
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div == 0.0) return std::copysign(0.0, a / b);
  double floordiv = std::floor(div);
  if (div - floordiv > 0.5) floordiv += 1.0;
  return floordiv;
}
}  // namespace muna::python::operator_
