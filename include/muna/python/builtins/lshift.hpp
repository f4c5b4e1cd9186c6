// a << n (operator.lshift) on ints: OverflowError where CPython would grow past int64.
#pragma once
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {

inline int64_t lshift(int64_t a, int64_t n) {
  if (n < 0) throw ValueError("negative shift count");
  if (a == 0) return 0;
  if (n > 63) raise_int_overflow();  // only -1 << 63 fits of the n >= 63 shifts
  return checked_int(static_cast<__int128>(a) * (static_cast<__int128>(1) << n));
}

}  // namespace muna::python::builtins
