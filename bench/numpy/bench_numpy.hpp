// Fixtures of the Google Benchmark of muna's NumPy kernels on 1e6 elements, single thread,
// called as a compiled function calls them (a new output array per call, as NumPy allocates
// one). run.py writes the case list from the registry into build/bench/bench_numpy_cases.cpp,
// which includes this file; it then times NumPy on data of the same distributions in the same
// run and prints ratios.
#pragma once
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <type_traits>

#include <muna/core/tensor.hpp>
#include <muna/kernels/elementwise.hpp>

namespace muna::bench {
constexpr int64_t kSize = 1000000;

// The input distributions, each valid for the functions given it (run.py's DATA matches):
// positive U(0.5, 2) by default, unit U(-0.9, 0.9) for arcsin/arccos/arctanh, above_one
// U(1, 3) for arccosh, small_int U{1..15} (int32) for bitwise and shift ops.
enum class Data { positive, unit, above_one, small_int };

template <class T>
muna::Tensor<T> fill(Data kind, int seed) {
  muna::Tensor<T> t(muna::Shape{kSize});
  std::mt19937 rng(seed);
  const double lo = kind == Data::unit ? -0.9 : kind == Data::above_one ? 1.0 : 0.5;
  const double hi = kind == Data::unit ? 0.9 : kind == Data::above_one ? 3.0 : 2.0;
  std::uniform_real_distribution<float> u(static_cast<float>(lo), static_cast<float>(hi));
  std::uniform_int_distribution<int32_t> ints(1, 15);
  for (int64_t i = 0; i < kSize; ++i) t.data()[i] = kind == Data::small_int ? T(ints(rng)) : T(u(rng));
  return t;
}

// One tensor per (kind, seed), reused by every case, made before main like NumPy's inputs
// before its timings (made on first use, mid-run, its placement against the cached output
// blocks differed from the other inputs': invert timed 72 us in the full run, 59 alone).
template <class T, Data Kind, int Seed>
inline const muna::Tensor<T> data = fill<T>(Kind, Seed);

// Whether the ufunc functor Op runs a SIMD form on contiguous T (elementwise.hpp's tests).
template <class Op, class T, int Arity>
constexpr bool vectorised() {
  using D = kernels::Full<T>;
  if constexpr (!kernels::simd_type_v<T>) {
    return false;
  } else if constexpr (Arity == 1) {
    using U = decltype(Op::scalar(T{}));
    if constexpr (std::is_same_v<U, bool>) return kernels::test_type_v<T> && kernels::has_test<Op, D>::value;
    else return std::is_same_v<U, T> && kernels::has_simd<Op, D>::value;
  } else {
    using U = decltype(Op::scalar(T{}, T{}));
    if constexpr (std::is_same_v<U, bool>) return kernels::test_type_v<T> && kernels::has_test2<Op, D>::value;
    else return std::is_same_v<U, T> && kernels::has_simd2<Op, D>::value;
  }
}

template <class F>
void run(benchmark::State& state, F&& f, int simd) {
  for (auto _ : state) benchmark::DoNotOptimize(f());
  state.SetItemsProcessed(state.iterations() * kSize);
  state.counters["simd"] = simd;  // 1 vectorised, 0 scalar, -1 not a ufunc
}
}  // namespace muna::bench

// One benchmark BM_<name> timing `expr`.
#define MUNA_BENCH(name, simd, ...)                                                    \
  void BM_##name(benchmark::State& s) { muna::bench::run(s, [] { return __VA_ARGS__; }, simd); } \
  BENCHMARK(BM_##name)->Unit(benchmark::kMicrosecond);
