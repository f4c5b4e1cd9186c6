// math.isqrt(n): the largest a with a * a <= n; ValueError("isqrt() argument must be
// nonnegative").
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/core/error.hpp"

namespace muna::python::math {

inline int64_t isqrt(int64_t n) {
  if (n < 0) throw ValueError("isqrt() argument must be nonnegative");
  // The double square root is within one of the answer for every int64; correct it exactly.
  uint64_t a = static_cast<uint64_t>(std::sqrt(static_cast<double>(n)));
  const unsigned __int128 m = static_cast<uint64_t>(n);
  while (static_cast<unsigned __int128>(a) * a > m) --a;
  while (static_cast<unsigned __int128>(a + 1) * (a + 1) <= m) ++a;
  return static_cast<int64_t>(a);
}

}  // namespace muna::python::math
