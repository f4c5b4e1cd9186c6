// The fused kernels at EmbeddingGemma's shapes for 128 tokens, SIMD against their scalar
// references (bench_torch.py times the unfused torch expressions on the same shapes):
//   rms_norm       [128, 768]                 Gemma (1 + w)
//   gelu_tanh_mul  [128, 1152]                gate and up halves of one [128, 2304] buffer
//   softmax        [3 * 128, 128]             scale 1/16, one broadcast boolean key mask
//   rotary         [128 tokens, 4 heads, 256] 3 query heads + 1 key head, theta 1e6
//
//   bench_fused [--benchmark_filter=...]
// Quote the CPU column for 1 thread: on the shared 2-core machine wall time mostly measures
// waiting for a core.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include <muna/kernels/gated_activation.hpp>
#include <muna/kernels/rms_norm.hpp>
#include <muna/kernels/rotary.hpp>
#include <muna/kernels/masked_softmax.hpp>

namespace mk = muna::kernels;

namespace {

constexpr int64_t kTokens = 128;

std::vector<float> normal_vector(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> dist(0.0f, 2.0f);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

template <bool Simd>
void rms_norm(benchmark::State& state) {
  muna::set_num_threads(static_cast<int>(state.range(0)));
  const int64_t cols = 768;
  const auto x = normal_vector(kTokens * cols, 1), w = normal_vector(cols, 2);
  std::vector<float> y(x.size());
  for (auto _ : state) {
    if (Simd) mk::rms_norm(x.data(), cols, w.data(), y.data(), cols, kTokens, cols, 1e-6f, 1.0f);
    else mk::rms_norm_reference(x.data(), cols, w.data(), y.data(), cols, kTokens, cols, 1e-6f, 1.0f);
    benchmark::DoNotOptimize(y.data());
  }
}

template <bool Simd>
void gelu_tanh_mul(benchmark::State& state) {
  muna::set_num_threads(static_cast<int>(state.range(0)));
  const int64_t cols = 1152;
  const auto gu = normal_vector(kTokens * 2 * cols, 3);
  std::vector<float> out(kTokens * cols);
  for (auto _ : state) {
    if (Simd) mk::gelu_tanh_mul(gu.data(), 2 * cols, gu.data() + cols, 2 * cols, out.data(), cols, kTokens, cols);
    else mk::gelu_tanh_mul_reference(gu.data(), 2 * cols, gu.data() + cols, 2 * cols, out.data(), cols, kTokens, cols);
    benchmark::DoNotOptimize(out.data());
  }
}

template <bool Simd>
void softmax(benchmark::State& state) {
  muna::set_num_threads(static_cast<int>(state.range(0)));
  const int64_t rows = 3 * kTokens, cols = kTokens;
  const auto x = normal_vector(rows * cols, 4);
  std::vector<uint8_t> keep(cols, 1);
  std::fill(keep.end() - 10, keep.end(), 0);  // padding keys
  const mk::SoftmaxMask mask{nullptr, 0, keep.data(), 0};
  std::vector<float> y(x.size());
  for (auto _ : state) {
    if (Simd) mk::masked_softmax(x.data(), cols, y.data(), cols, rows, cols, 0.0625f, mask);
    else mk::masked_softmax_reference(x.data(), cols, y.data(), cols, rows, cols, 0.0625f, mask);
    benchmark::DoNotOptimize(y.data());
  }
}

template <bool Simd>
void rotary(benchmark::State& state) {
  muna::set_num_threads(static_cast<int>(state.range(0)));
  const int64_t heads = 4, dim = 256;
  std::vector<int64_t> pos(kTokens);
  for (int64_t t = 0; t < kTokens; ++t) pos[t] = t;
  std::vector<float> cos(kTokens * dim / 2), sin(cos.size());
  mk::rope_tables(pos.data(), kTokens, dim, 1e6f, cos.data(), sin.data());
  auto x = normal_vector(kTokens * heads * dim, 5);
  for (auto _ : state) {
    // Rotating in place every iteration keeps the data in the same range: rotations preserve norms.
    if (Simd) mk::apply_rotary(x.data(), kTokens, heads, dim, heads * dim, dim, cos.data(), sin.data());
    else mk::apply_rotary_reference(x.data(), kTokens, heads, dim, heads * dim, dim, cos.data(), sin.data());
    benchmark::DoNotOptimize(x.data());
  }
}

void threads(benchmark::internal::Benchmark* b) { b->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->MinTime(0.05); }

}  // namespace

BENCHMARK_TEMPLATE(rms_norm, true)->Apply(threads);
BENCHMARK_TEMPLATE(rms_norm, false)->Apply(threads);
BENCHMARK_TEMPLATE(gelu_tanh_mul, true)->Apply(threads);
BENCHMARK_TEMPLATE(gelu_tanh_mul, false)->Apply(threads);
BENCHMARK_TEMPLATE(softmax, true)->Apply(threads);
BENCHMARK_TEMPLATE(softmax, false)->Apply(threads);
BENCHMARK_TEMPLATE(rotary, true)->Apply(threads);
BENCHMARK_TEMPLATE(rotary, false)->Apply(threads);

BENCHMARK_MAIN();
