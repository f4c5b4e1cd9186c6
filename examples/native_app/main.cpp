// A native app using muna's op library directly: softmax over rows, as NumPy spells it.
//   g++ -std=c++17 -O2 -march=x86-64-v3 -maes -mpclmul -Iinclude -Ikernels -isystem /usr/include/eigen3 \
//       -fopenmp examples/native_app/main.cpp -ldnnl -o build/native_app
// (<muna/ops.hpp> includes everything, the GEMM too: Eigen, oneDNN and OpenMP.)
#include <cstdio>

#include <muna/ops.hpp>

int main() {
  muna::Tensor<float> x({3, 4});
  for (int i = 0; i < 12; ++i) x.data()[i] = static_cast<float>(i) / 7.0f;
  // e = np.exp(x - x.max(axis=-1, keepdims=True)); e / e.sum(axis=-1, keepdims=True)
  // Reductions name their result type (the compiler passes NumPy's dtype rule's answer).
  using F32 = muna::Tensor<float>;
  auto e = muna::numpy::exp(muna::numpy::subtract(x, muna::numpy::max<F32>(x, int64_t{-1}, true)));
  auto y = muna::numpy::divide(e, muna::numpy::sum<F32>(e, int64_t{-1}, true));
  for (int64_t i = 0; i < y.size(); ++i) std::printf("%.9g\n", y.data()[i]);
  return 0;
}
