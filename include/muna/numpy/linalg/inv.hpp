// numpy.linalg.inv of a stack of square matrices (the compiler converts integers to float64).
#pragma once
#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg {
template <class T>
Tensor<T> inv(const Tensor<T>& a) {
  const int64_t n = detail::square_order(a);
  Tensor<T> out(detail::with_core(detail::batch_shape(a), {n, n}));
  for (int64_t b = 0, count = shape_size(detail::batch_shape(a)); b < count; ++b) {
    const detail::Matrix m = detail::load(a, b);
    if (n == 0) continue;
    detail::store<T>(detail::nonsingular_lu(m).inverse(), out, b);
  }
  return out;
}
}  // namespace muna::numpy::linalg
