// math.lcm(*integers): the least common multiple, always >= 0; lcm() is 1, and any 0 makes it
// 0. OverflowError where the result does not fit muna's 64-bit int: the running lcm only grows
// until a 0 comes, so one beyond int64 means the result is too unless a later argument is 0.
#pragma once
#include <cstdint>

#include "muna/python/builtins/overflow.hpp"
#include "muna/python/math/gcd.hpp"

namespace muna::python::math {

template <class... Ints>
int64_t lcm(Ints... integers) {
  const int64_t values[] = {int64_t{1}, static_cast<int64_t>(integers)...};
  unsigned __int128 result = 1;
  bool overflowed = false;
  for (size_t i = 1; i < sizeof...(Ints) + 1; ++i) {
    const uint64_t x = detail::magnitude(values[i]);
    if (x == 0) return 0;
    if (overflowed) continue;
    const uint64_t r = static_cast<uint64_t>(result);
    result = static_cast<unsigned __int128>(r / detail::gcd_of(r, x)) * x;
    overflowed = result > static_cast<unsigned __int128>(INT64_MAX);
  }
  if (overflowed) builtins::raise_int_overflow();
  return static_cast<int64_t>(result);
}

}  // namespace muna::python::math
