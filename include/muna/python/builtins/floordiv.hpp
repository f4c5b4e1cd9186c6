// a // b (operator.floordiv): rounds toward negative infinity, as Python.
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {
namespace detail {

// CPython's _float_div_mod: fmod is exact, the quotient is snapped to an integer, and zeros
// take the sign Python gives them.
inline void float_div_mod(double vx, double wx, double& floordiv, double& mod) {
  mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0.0) {
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, wx);
  }
  if (div != 0.0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
}

}  // namespace detail

inline int64_t floordiv(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
  if (b == -1) return checked_int(-static_cast<__int128>(a));
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

inline double floordiv(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float floor division by zero");
  double q, r;
  detail::float_div_mod(a, b, q, r);
  return q;
}

}  // namespace muna::python::builtins
