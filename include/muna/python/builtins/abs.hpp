// abs(x)
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {

inline int64_t abs(int64_t x) {
  if (x == INT64_MIN) raise_int_overflow();
  return x < 0 ? -x : x;
}
inline int64_t abs(bool x) { return x ? 1 : 0; }
inline double abs(double x) { return std::fabs(x); }

}  // namespace muna::python::builtins
