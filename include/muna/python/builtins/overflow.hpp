// muna's int is int64: where CPython would grow a big integer, muna raises OverflowError.
// One message for all of them, so users can search for it.
#pragma once
#include <cstdint>

#include "muna/core/error.hpp"

namespace muna::python::builtins {

[[noreturn]] inline void raise_int_overflow() {
  throw OverflowError("integer result does not fit in muna's 64-bit int");
}

inline int64_t checked_int(__int128 value) {
  if (value < INT64_MIN || value > INT64_MAX) raise_int_overflow();
  return static_cast<int64_t>(value);
}

}  // namespace muna::python::builtins
