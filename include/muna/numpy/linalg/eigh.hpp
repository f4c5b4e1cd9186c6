// numpy.linalg.eigh of a stack of symmetric matrices: ascending eigenvalues and the
// eigenvectors as columns, from the lower triangle (UPLO='L') or the upper one ('U'). Vectors
// are unique up to sign only; Eigen's signs may differ from LAPACK's.
#pragma once
#include <tuple>

#include <Eigen/Eigenvalues>

#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg {
template <class T>
std::tuple<Tensor<T>, Tensor<T>> eigh(const Tensor<T>& a, bool upper) {
  const int64_t n = detail::square_order(a);
  const Shape batch = detail::batch_shape(a);
  Tensor<T> w(detail::with_core(batch, {n})), v(detail::with_core(batch, {n, n}));
  for (int64_t b = 0, count = shape_size(batch); b < count; ++b) {
    detail::Matrix m = detail::load(a, b);
    if (n == 0) continue;
    if (!detail::require_converges(m, "Eigenvalues did not converge")) {
      detail::store<T>(detail::Matrix::Constant(1, n, std::numeric_limits<double>::quiet_NaN()), w, b);
      detail::store<T>(detail::Matrix::Identity(n, n), v, b);
      continue;
    }
    if (upper) m.transposeInPlace();  // Eigen reads the lower triangle
    Eigen::SelfAdjointEigenSolver<detail::Matrix> solver(m);
    if (solver.info() != Eigen::Success) throw LinAlgError("Eigenvalues did not converge");
    detail::store<T>(solver.eigenvalues().transpose(), w, b);
    detail::store<T>(solver.eigenvectors(), v, b);
  }
  return {w, v};
}
}  // namespace muna::numpy::linalg
