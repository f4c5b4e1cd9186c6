// math.prod(iterable, *, start=1): the product in order from start. Ints multiply exactly; a
// product beyond muna's 64-bit int is OverflowError, unless a later factor is 0 (a product of
// nonzero ints only grows in magnitude, so 0 is then the only result that fits). With a float
// anywhere, each factor is converted to float and multiplied in order, as CPython's fast path.
#pragma once
#include <cstdint>
#include <type_traits>

#include "muna/python/builtins/overflow.hpp"
#include "muna/python/list.hpp"

namespace muna::python::math {

template <class T, class S>
S prod(const List<T>& items, S start) {
  if constexpr (std::is_integral_v<S>) {
    static_assert(std::is_integral_v<T>, "an int start multiplies ints");
    // Magnitudes up to 2**63 stay exact in 128 bits (-2**63 * 1 must still come out right).
    constexpr __int128 limit = static_cast<__int128>(1) << 63;
    __int128 result = start;
    const auto& v = items.items();
    for (size_t i = 0; i < v.size(); ++i) {
      result *= static_cast<int64_t>(v[i]);
      if (result < -limit || result > limit) {
        for (size_t j = i + 1; j < v.size(); ++j)
          if (v[j] == 0) return 0;
        builtins::raise_int_overflow();
      }
    }
    return builtins::checked_int(result);
  } else {
    double result = start;
    for (const T& x : items) result *= static_cast<double>(x);
    return result;
  }
}

}  // namespace muna::python::math
