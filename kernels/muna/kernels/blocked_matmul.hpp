// A straightforward blocked matrix product C = A * B (row-major, any leading dimensions):
// for each row of A, broadcast A[i, k] against vectors of B's row k, with k in blocks so the
// touched rows of B stay in cache. Stand-in until muna::numpy::detail::matmul_kernel routes to
// the project's GEMM entry point; `scalar_matmul` beside it is the reference.
#pragma once
#include <algorithm>
#include <cstdint>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// Reference: the textbook triple loop, accumulating over k in order.
template <class T>
void scalar_matmul(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
                   int64_t ldb, T* c, int64_t ldc) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T acc = T(0);
      for (int64_t p = 0; p < k; ++p) acc += a[i * lda + p] * b[p * ldb + j];
      c[i * ldc + j] = acc;
    }
}

template <class T>
void blocked_matmul(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
                    int64_t ldb, T* c, int64_t ldc) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    constexpr int64_t kBlock = 256;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = T(0);
    for (int64_t p0 = 0; p0 < k; p0 += kBlock) {
      const int64_t p1 = std::min(k, p0 + kBlock);
      for (int64_t i = 0; i < m; ++i) {
        T* row = c + i * ldc;
        int64_t j = 0;
        for (; j + lanes <= n; j += lanes) {
          auto acc = hn::LoadU(d, row + j);
          for (int64_t p = p0; p < p1; ++p)
            acc = hn::MulAdd(hn::Set(d, a[i * lda + p]), hn::LoadU(d, b + p * ldb + j), acc);
          hn::StoreU(acc, d, row + j);
        }
        for (; j < n; ++j) {
          T acc = row[j];
          for (int64_t p = p0; p < p1; ++p) acc += a[i * lda + p] * b[p * ldb + j];
          row[j] = acc;
        }
      }
    }
  } else {
    scalar_matmul(m, n, k, a, lda, b, ldb, c, ldc);
  }
}

}  // namespace muna::kernels
