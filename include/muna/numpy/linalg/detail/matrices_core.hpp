// The definitions of matrices.hpp's op-core functions (muna/core/opcore.hpp says where they
// are compiled).
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>

#include <muna/numpy/linalg/detail/matrices.hpp>

namespace muna::numpy::linalg::detail {

// Singular values in descending order (LAPACK's gesdd order).
MUNA_OPCORE_FN Eigen::VectorXd singular_values(const Matrix& m) {
  const int64_t k = std::min(m.rows(), m.cols());
  if (!require_converges(m, "SVD did not converge"))
    return Eigen::VectorXd::Constant(k, std::numeric_limits<double>::quiet_NaN());
  if (k == 0) return Eigen::VectorXd(0);
  return Eigen::BDCSVD<Matrix>(m).singularValues();
}

// LU with partial pivoting; NumPy raises "Singular matrix" exactly when a pivot is zero.
MUNA_OPCORE_FN Eigen::PartialPivLU<Matrix> nonsingular_lu(const Matrix& m) {
  Eigen::PartialPivLU<Matrix> lu(m);
  for (int64_t i = 0; i < m.rows(); ++i)
    if (lu.matrixLU()(i, i) == 0.0) throw LinAlgError("Singular matrix");
  return lu;
}
}  // namespace muna::numpy::linalg::detail
