// The values of a row that are not NaN (every value of an integer row), converted to U: what
// NumPy's nan-functions reduce after dropping NaNs.
#pragma once
#include <cmath>
#include <type_traits>
#include <vector>

#include <muna/core/dtype.hpp>

namespace muna::numpy::detail {
template <class U, class T>
std::vector<U> non_nan(const T* x, int64_t n) {
  std::vector<U> v;
  v.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>)
      if (std::isnan(x[i])) continue;
    v.push_back(static_cast<U>(x[i]));
  }
  return v;
}
}  // namespace muna::numpy::detail
