// a >> n (operator.rshift) on ints: floors, as Python (-1 >> 100 == -1).
#pragma once
#include <cstdint>

#include "muna/core/error.hpp"

namespace muna::python::builtins {

inline int64_t rshift(int64_t a, int64_t n) {
  if (n < 0) throw ValueError("negative shift count");
  if (n >= 63) return a < 0 ? -1 : 0;
  // Division rounding down, so the result does not rest on how C++ shifts negatives.
  int64_t divisor = int64_t{1} << n;
  int64_t q = a / divisor;
  return (a % divisor != 0 && a < 0) ? q - 1 : q;
}

}  // namespace muna::python::builtins
