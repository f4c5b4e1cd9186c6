// What numpy.linalg's factorisations share: a stack of matrices (..., M, N) visited one matrix
// at a time as an Eigen matrix, NumPy's LinAlgError checks, and the results written into
// contiguous stacks. Every factorisation runs in double precision (a float32 result is rounded
// once at the end): LAPACK's float32 answers are within the registered tolerance of it.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Dense>
#include <Eigen/SVD>

#include <muna/core/opcore.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy::linalg::detail {
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class T>
void require_stacked(const Tensor<T>& a) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) +
                      "-dimensional array given. Array must be at least two-dimensional");
}

// The order n of a stack of n x n matrices, or NumPy's LinAlgError.
template <class T>
int64_t square_order(const Tensor<T>& a) {
  require_stacked(a);
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
  return a.shape()[a.ndim() - 1];
}

// The leading dims of a stack (everything but the last `core` axes).
template <class T>
Shape batch_shape(const Tensor<T>& a, int64_t core = 2) {
  return Shape(a.shape().begin(), a.shape().end() - core);
}

// The element offset of the b-th item (row-major over the batch dims) of a strided stack.
template <class T>
int64_t batch_offset(const Tensor<T>& a, int64_t b, int64_t core = 2) {
  int64_t offset = 0;
  for (int64_t axis = a.ndim() - core - 1; axis >= 0; --axis) {
    const int64_t n = a.shape()[axis];
    offset += (b % n) * a.strides()[axis];
    b /= n;
  }
  return offset;
}

// The b-th matrix of a stack, in double precision.
template <class T>
Matrix load(const Tensor<T>& a, int64_t b) {
  const int64_t nd = a.ndim(), rows = a.shape()[nd - 2], cols = a.shape()[nd - 1];
  const int64_t sr = a.strides()[nd - 2], sc = a.strides()[nd - 1];
  const T* base = a.data() + batch_offset(a, b);
  Matrix m(rows, cols);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) m(i, j) = static_cast<double>(base[i * sr + j * sc]);
  return m;
}

// Writes a matrix or vector into item b of a contiguous stack.
template <class T, class M>
void store(const M& m, Tensor<T>& out, int64_t b) {
  T* dst = out.data() + b * m.size();
  for (int64_t i = 0; i < m.rows(); ++i)
    for (int64_t j = 0; j < m.cols(); ++j) *dst++ = static_cast<T>(m(i, j));
}

inline Shape with_core(Shape batch, std::initializer_list<int64_t> core) {
  batch.insert(batch.end(), core.begin(), core.end());
  return batch;
}

// LAPACK does not converge on NaN input (NumPy raises LinAlgError) and answers NaN for
// infinite input: false when the caller should fill its results with NaN.
inline bool require_converges(const Matrix& m, const char* message) {
  if (m.hasNaN()) throw LinAlgError(message);
  return m.allFinite();
}

// Singular values in descending order (LAPACK's gesdd order).
MUNA_OPCORE_FN Eigen::VectorXd singular_values(const Matrix& m);

// LU with partial pivoting; NumPy raises "Singular matrix" exactly when a pivot is zero.
MUNA_OPCORE_FN Eigen::PartialPivLU<Matrix> nonsingular_lu(const Matrix& m);
}  // namespace muna::numpy::linalg::detail

#if MUNA_OPCORE_DEFINE
#include <muna/numpy/linalg/detail/matrices_core.hpp>
#endif
