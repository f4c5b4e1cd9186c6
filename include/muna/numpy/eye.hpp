// numpy.eye (and numpy.identity): ones on the k-th diagonal of an N x M array (M < 0: M = N).
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> eye(int64_t n, int64_t m = -1, int64_t k = 0) {
  if (m < 0) m = n;
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  Tensor<T> out = Tensor<T>::full(Shape{n, m}, T(0));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t j = i + k;
    if (j >= 0 && j < m) out.data()[i * m + j] = T(1);
  }
  return out;
}
}  // namespace muna::numpy
