// math.gcd(*integers): the greatest common divisor, always >= 0; gcd() is 0. Only
// gcd(-2**63) and the like (2**63) do not fit muna's 64-bit int: OverflowError.
#pragma once
#include <cstdint>

#include "muna/python/builtins/overflow.hpp"

namespace muna::python::math {
namespace detail {

inline uint64_t magnitude(int64_t x) { return x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x); }

inline uint64_t gcd_of(uint64_t a, uint64_t b) {
  while (b != 0) {
    const uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

inline int64_t fitting(uint64_t value) {
  if (value > static_cast<uint64_t>(INT64_MAX)) builtins::raise_int_overflow();
  return static_cast<int64_t>(value);
}

}  // namespace detail

template <class... Ints>
int64_t gcd(Ints... integers) {
  uint64_t result = 0;
  ((result = detail::gcd_of(result, detail::magnitude(integers))), ...);
  return detail::fitting(result);
}

}  // namespace muna::python::math
