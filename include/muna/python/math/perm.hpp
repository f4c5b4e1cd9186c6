// math.perm(n, k=None): n! / (n - k)!, 0 when k > n; perm(n) is factorial(n).
// ValueError("n must be a non-negative integer") / ("k must be a non-negative integer");
// OverflowError where the result does not fit muna's 64-bit int.
#pragma once
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"
#include "muna/python/math/factorial.hpp"

namespace muna::python::math {

inline int64_t perm(int64_t n) { return factorial(n); }

inline int64_t perm(int64_t n, int64_t k) {
  if (n < 0) throw ValueError("n must be a non-negative integer");
  if (k < 0) throw ValueError("k must be a non-negative integer");
  if (k > n) return 0;
  __int128 result = 1;
  for (int64_t i = 0; i < k; ++i) result = builtins::checked_int(result * (n - i));
  return static_cast<int64_t>(result);
}

}  // namespace muna::python::math
