// numpy.linalg.svd of a stack of matrices (..., M, N): (U, S, Vh) with S descending, or S alone
// (compute_uv=False). K = min(M, N); U is (..., M, M) and Vh (..., N, N) with full_matrices,
// (..., M, K) and (..., K, N) without. Singular vectors are unique up to sign (and, for
// repeated singular values or the extra columns of full matrices, up to a rotation); Eigen's
// choice may differ from LAPACK's, their products U * S @ Vh agree.
#pragma once
#include <algorithm>
#include <tuple>

#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg {
template <bool ComputeUV, class T>
auto svd(const Tensor<T>& a, bool full_matrices) {
  detail::require_stacked(a);
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  const Shape batch = detail::batch_shape(a);
  const int64_t count = shape_size(batch);
  Tensor<T> s(detail::with_core(batch, {k}));
  if constexpr (!ComputeUV) {
    for (int64_t b = 0; b < count; ++b) detail::store<T>(detail::singular_values(detail::load(a, b)).transpose(), s, b);
    return s;
  } else {
    const int64_t uc = full_matrices ? m : k, vr = full_matrices ? n : k;
    Tensor<T> u(detail::with_core(batch, {m, uc})), vh(detail::with_core(batch, {vr, n}));
    for (int64_t b = 0; b < count; ++b) {
      const detail::Matrix x = detail::load(a, b);
      if (k == 0 || !detail::require_converges(x, "SVD did not converge")) {
        // No singular values (the full factors of an empty matrix are identities), or NaN ones.
        detail::store<T>(detail::singular_values(x).transpose(), s, b);
        detail::store<T>(detail::Matrix::Identity(m, uc), u, b);
        detail::store<T>(detail::Matrix::Identity(vr, n), vh, b);
        continue;
      }
      Eigen::BDCSVD<detail::Matrix> svd(x, full_matrices ? Eigen::ComputeFullU | Eigen::ComputeFullV
                                                         : Eigen::ComputeThinU | Eigen::ComputeThinV);
      detail::store<T>(svd.matrixU(), u, b);
      detail::store<T>(svd.singularValues().transpose(), s, b);
      detail::store<T>(svd.matrixV().transpose(), vh, b);
    }
    return std::make_tuple(u, s, vh);
  }
}
}  // namespace muna::numpy::linalg
