// Python's a / b: always float; division by zero raises ZeroDivisionError.
#pragma once
#include <muna/python/operator/detail.hpp>

namespace muna::python::operator_ {
inline double truediv(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float division by zero");
  return a / b;
}
}  // namespace muna::python::operator_
