// The one entry point every NumPy product (matmul, dot, einsum, inner, tensordot, outer) calls
// for C[m x n] = A[m x k] * B[k x n], row-major with leading dimensions. float32 and float64
// go to the project's GEMM (kernels/muna/kernels/gemm.hpp: oneDNN or Eigen, multithreaded), as
// NumPy's go to BLAS; integers and bools keep NumPy's exact wrap-around and logical semantics.
#pragma once
#include <type_traits>

#include <muna/kernels/gemm.hpp>

namespace muna::numpy::detail {

template <class T>
void matmul_kernel(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
                   int64_t ldb, T* c, int64_t ldc) {
  if constexpr (std::is_same_v<T, bool>) {  // NumPy's bool matmul: logical or of ands
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        bool any = false;
        for (int64_t p = 0; p < k && !any; ++p) any = a[i * lda + p] && b[p * ldb + j];
        c[i * ldc + j] = any;
      }
  } else if constexpr (std::is_integral_v<T>) {
    // Integers wrap as NumPy's: accumulate in the unsigned type.
    using U = std::make_unsigned_t<T>;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        U acc = 0;
        for (int64_t p = 0; p < k; ++p)
          acc = static_cast<U>(acc + static_cast<U>(a[i * lda + p]) * static_cast<U>(b[p * ldb + j]));
        c[i * ldc + j] = static_cast<T>(acc);
      }
  } else {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "NumPy arrays are bool, int or float");
    kernels::matmul(a, b, c, m, n, k, lda, ldb, ldc, false);
  }
}

}  // namespace muna::numpy::detail
