// math.factorial(n): n! for 0 <= n <= 20 (21! does not fit muna's 64-bit int: OverflowError,
// where CPython returns a big int); ValueError("factorial() not defined for negative values").
#pragma once
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"

namespace muna::python::math {

inline int64_t factorial(int64_t n) {
  if (n < 0) throw ValueError("factorial() not defined for negative values");
  if (n > 20) builtins::raise_int_overflow();
  int64_t result = 1;
  for (int64_t i = 2; i <= n; ++i) result *= i;
  return result;
}

}  // namespace muna::python::math
