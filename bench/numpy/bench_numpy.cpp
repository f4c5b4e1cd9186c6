// Google Benchmark of muna's NumPy kernels on 1e6 float32 elements, single thread, called as a
// compiled function calls them (a new output array per call, as NumPy allocates one).
// Driven by run.py, which times NumPy on the same data in the same run and prints ratios.
#include <benchmark/benchmark.h>

#include <random>

#include <muna/numpy/add.hpp>
#include <muna/numpy/argmax.hpp>
#include <muna/numpy/cos.hpp>
#include <muna/numpy/divide.hpp>
#include <muna/numpy/exp.hpp>
#include <muna/numpy/log.hpp>
#include <muna/numpy/max.hpp>
#include <muna/numpy/maximum.hpp>
#include <muna/numpy/mean.hpp>
#include <muna/numpy/multiply.hpp>
#include <muna/numpy/sin.hpp>
#include <muna/numpy/sqrt.hpp>
#include <muna/numpy/sum.hpp>
#include <muna/numpy/tanh.hpp>
#include <muna/numpy/var.hpp>

namespace {
constexpr int64_t kSize = 1000000;

// Positive values in (0.5, 2): valid for every function benchmarked, like run.py's data.
const muna::Tensor<float>& data(int seed) {
  static muna::Tensor<float> tensors[2] = {muna::Tensor<float>(muna::Shape{kSize}),
                                          muna::Tensor<float>(muna::Shape{kSize})};
  static bool filled = false;
  if (!filled) {
    for (int t = 0; t < 2; ++t) {
      std::mt19937 rng(t);
      std::uniform_real_distribution<float> u(0.5f, 2.0f);
      for (int64_t i = 0; i < kSize; ++i) tensors[t].data()[i] = u(rng);
    }
    filled = true;
  }
  return tensors[seed];
}

template <class F>
void run(benchmark::State& state, F&& f) {
  for (auto _ : state) benchmark::DoNotOptimize(f());
  state.SetItemsProcessed(state.iterations() * kSize);
}

using T = muna::Tensor<float>;
#define MUNA_UNARY(name) \
  void BM_##name(benchmark::State& s) { run(s, [] { return muna::numpy::name(data(0)); }); } \
  BENCHMARK(BM_##name)->Unit(benchmark::kMicrosecond);
#define MUNA_BINARY(name) \
  void BM_##name(benchmark::State& s) { run(s, [] { return muna::numpy::name(data(0), data(1)); }); } \
  BENCHMARK(BM_##name)->Unit(benchmark::kMicrosecond);
#define MUNA_REDUCE(name, Out) \
  void BM_##name(benchmark::State& s) { run(s, [] { return muna::numpy::name<Out>(data(0)); }); } \
  BENCHMARK(BM_##name)->Unit(benchmark::kMicrosecond);

MUNA_BINARY(add)
MUNA_BINARY(multiply)
MUNA_BINARY(divide)
MUNA_BINARY(maximum)
MUNA_UNARY(sqrt)
MUNA_UNARY(exp)
MUNA_UNARY(log)
MUNA_UNARY(sin)
MUNA_UNARY(cos)
MUNA_UNARY(tanh)
MUNA_REDUCE(sum, float)
MUNA_REDUCE(mean, float)
MUNA_REDUCE(max, float)
MUNA_REDUCE(argmax, int64_t)

void BM_var(benchmark::State& s) { run(s, [] { return muna::numpy::var<float>(data(0)); }); }
BENCHMARK(BM_var)->Unit(benchmark::kMicrosecond);
void BM_sum_rows(benchmark::State& s) {  // (1000, 1000) summed along the last axis
  const T m = data(0).with_layout(muna::Shape{1000, 1000}, muna::Shape{1000, 1});
  run(s, [&] { return muna::numpy::sum<T>(m, int64_t{-1}); });
}
BENCHMARK(BM_sum_rows)->Unit(benchmark::kMicrosecond);
}  // namespace

BENCHMARK_MAIN();
