// numpy.linalg.det of a stack of square matrices: the LU's pivots times the permutation's sign
// (a singular matrix gives 0, no error, as NumPy).
#pragma once
#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg {
template <class T>
Tensor<T> det(const Tensor<T>& a) {
  const int64_t n = detail::square_order(a);
  Tensor<T> out(detail::batch_shape(a));
  for (int64_t b = 0, count = out.size(); b < count; ++b)
    out.data()[b] = n == 0 ? T(1) : static_cast<T>(Eigen::PartialPivLU<detail::Matrix>(detail::load(a, b)).determinant());
  return out;
}
}  // namespace muna::numpy::linalg
