// numpy.triu and numpy.tril: a copy with the elements below (triu) or above (tril) the k-th
// diagonal of the last two axes set to zero.
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
template <bool Upper, class T>
Tensor<T> triangle(const Tensor<T>& m, int64_t k) {
  if (m.ndim() < 2) throw ValueError("input array must be at least 2-d");  // 1-d: NumPy broadcasts
  Tensor<T> out = cast<T>(m);
  const int64_t rows = m.shape()[m.ndim() - 2], cols = m.shape()[m.ndim() - 1];
  const int64_t mats = rows * cols ? out.size() / (rows * cols) : 0;
  for (int64_t b = 0; b < mats; ++b)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        if (Upper ? j - i < k : j - i > k) out.data()[(b * rows + i) * cols + j] = T(0);
  return out;
}
}  // namespace detail

template <class T>
Tensor<T> triu(const Tensor<T>& m, int64_t k = 0) { return detail::triangle<true>(m, k); }
template <class T>
Tensor<T> tril(const Tensor<T>& m, int64_t k = 0) { return detail::triangle<false>(m, k); }
}  // namespace muna::numpy
