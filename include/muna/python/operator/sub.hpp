// Python's a sub b on int: exact, or OverflowError past 64 bits (Python ints do not wrap).
#pragma once
#include <muna/python/operator/detail.hpp>

namespace muna::python::operator_ {
inline int64_t sub(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_sub_overflow(a, b, &out)) detail::overflow();
  return out;
}
inline double sub(double a, double b) { return a - b; }
}  // namespace muna::python::operator_
