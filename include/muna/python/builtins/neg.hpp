// -a (operator.neg) on ints: -(-2**63) does not fit in int64.
#pragma once
#include <cstdint>

#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {

inline int64_t neg(int64_t a) {
  if (a == INT64_MIN) raise_int_overflow();
  return -a;
}

}  // namespace muna::python::builtins
