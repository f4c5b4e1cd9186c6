// a + b (operator.add) on ints: OverflowError instead of wrapping past int64.
#pragma once
#include <cstdint>

#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {

inline int64_t add(int64_t a, int64_t b) {
  int64_t result;
  if (__builtin_add_overflow(a, b, &result)) raise_int_overflow();
  return result;
}

}  // namespace muna::python::builtins
