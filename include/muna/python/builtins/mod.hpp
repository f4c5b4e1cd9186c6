// a % b (operator.mod): the result takes the sign of b, as Python.
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/core/error.hpp"

namespace muna::python::builtins {

inline int64_t mod(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("integer modulo by zero");
  if (b == -1) return 0;  // INT64_MIN % -1 is undefined in C++
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// CPython's float_rem.
inline double mod(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float modulo");
  double r = std::fmod(a, b);
  if (r != 0.0) {
    if ((b < 0) != (r < 0)) r += b;
  } else {
    r = std::copysign(0.0, b);
  }
  return r;
}

}  // namespace muna::python::builtins
