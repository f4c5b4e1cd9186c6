// numpy.array_equal: same shape and every element equal (NaN equal to NaN only with
// equal_nan). The compiler converts both arrays to their common dtype.
#pragma once
#include <cmath>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
bool array_equal(const Tensor<T>& a1, const Tensor<T>& a2, bool equal_nan) {
  if (a1.shape() != a2.shape()) return false;
  const Tensor<T> x = contiguous(a1), y = contiguous(a2);
  for (int64_t i = 0, n = x.size(); i < n; ++i) {
    const T p = x.data()[i], q = y.data()[i];
    if (p == q) continue;
    if constexpr (std::is_floating_point_v<T>)
      if (equal_nan && std::isnan(p) && std::isnan(q)) continue;
    return false;
  }
  return true;
}
}  // namespace muna::numpy
