// math.comb(n, k): n! / (k! * (n - k)!), 0 when k > n; ValueError("n must be a non-negative
// integer") / ("k must be a non-negative integer"); OverflowError where the result does not fit
// muna's 64-bit int.
#pragma once
#include <algorithm>
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"

namespace muna::python::math {

inline int64_t comb(int64_t n, int64_t k) {
  if (n < 0) throw ValueError("n must be a non-negative integer");
  if (k < 0) throw ValueError("k must be a non-negative integer");
  if (k > n) return 0;
  k = std::min(k, n - k);
  // C(n-k+i, i) for i = 1..k: each step exact, and increasing, so the first value beyond int64
  // means the result is too; the product before the division stays below 2**126.
  unsigned __int128 result = 1;
  for (int64_t i = 1; i <= k; ++i) {
    result = result * static_cast<unsigned __int128>(n - k + i) / static_cast<unsigned __int128>(i);
    if (result > static_cast<unsigned __int128>(INT64_MAX)) builtins::raise_int_overflow();
  }
  return static_cast<int64_t>(result);
}

}  // namespace muna::python::math
