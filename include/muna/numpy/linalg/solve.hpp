// numpy.linalg.solve(a, b): a is a stack of square matrices (..., M, M); b is a stack of
// vectors when b.ndim == a.ndim - 1 (NumPy 1.24's rule), of matrices (..., M, K) otherwise. The
// stacks' leading dims broadcast.
#pragma once
#include <muna/numpy/broadcast_to.hpp>
#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg {
template <class T>
Tensor<T> solve(const Tensor<T>& a, const Tensor<T>& b) {
  const int64_t n = detail::square_order(a);
  const bool vector = b.ndim() == a.ndim() - 1;
  const int64_t core = vector ? 1 : 2;
  if (b.ndim() < core) throw ValueError("solve: Input operand 1 does not have enough dimensions");
  const int64_t rows = b.shape()[b.ndim() - core], k = vector ? 1 : b.shape()[b.ndim() - 1];
  if (rows != n)
    throw ValueError("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                     "signature (m,m),(m,n)->(m,n) (size " + std::to_string(rows) + " is different from " +
                     std::to_string(n) + ")");
  const Shape batch = broadcast_shapes(detail::batch_shape(a), detail::batch_shape(b, core));
  const Tensor<T> ab = broadcast_to(a, detail::with_core(batch, {n, n}));
  const Tensor<T> bb = broadcast_to(b, vector ? detail::with_core(batch, {n}) : detail::with_core(batch, {n, k}));
  Tensor<T> out(bb.shape());
  for (int64_t i = 0, count = shape_size(batch); i < count; ++i) {
    const detail::Matrix m = detail::load(ab, i);
    detail::Matrix rhs(n, k);
    const T* base = bb.data() + detail::batch_offset(bb, i, core);
    const int64_t sr = bb.strides()[bb.ndim() - core], sc = vector ? 0 : bb.strides()[bb.ndim() - 1];
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < k; ++c) rhs(r, c) = static_cast<double>(base[r * sr + c * sc]);
    if (n == 0) continue;
    detail::store<T>(detail::nonsingular_lu(m).solve(rhs), out, i);
  }
  return out;
}
}  // namespace muna::numpy::linalg
