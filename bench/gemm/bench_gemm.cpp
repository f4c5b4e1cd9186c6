// GFLOP/s of muna's linear() (both backends, fp32 and bf16) beside oneDNN's own prepacked
// matmul primitive, driven directly, in the same binary and run: C[M,N] = A[M,K] @ W, K = 768.
//
//   bench_gemm [--benchmark_format=json] [--benchmark_repetitions=5]
//
// Names: <impl>/<precision>/M/N/threads, impl one of muna_onednn, muna_eigen, onednn_direct.
// onednn_direct is the best oneDNN can do: primitive and memory objects built once outside the
// timed loop, bf16 activations already converted. muna's numbers include everything a call
// pays (argument checks, primitive-cache lookup, fp32 -> bf16 conversion of A).
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <vector>

#include <muna/kernels/gemm.hpp>
#include <muna/kernels/vector_loop.hpp>

namespace mk = muna::kernels;
using dt = dnnl::memory::data_type;

namespace {

constexpr int64_t K = 768;

// Made once per (size, seed): every repetition of every case re-runs its setup, and drawing
// 2.4 M random floats each time would take a good part of the run.
const std::vector<float>& random_vector(size_t n, unsigned seed) {
  static std::map<std::pair<size_t, unsigned>, std::vector<float>> made;
  auto& v = made[{n, seed}];
  if (v.empty()) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    v.resize(n);
    for (float& x : v) x = dist(gen);
  }
  return v;
}

// Every measurement is one benchmark iteration of `calls` GEMMs, ~0.5 GFLOP (2-4 ms here),
// instead of Google Benchmark's own iteration search: under the load of a shared machine the
// search for the 2-thread cases alone took minutes. Medians come from --benchmark_repetitions.
int64_t calls_per_measurement(int64_t M, int64_t N) { return std::max<int64_t>(1, 500000000 / (2 * M * N * K)); }

// GFLOPS is the rate over wall time; GFLOP lets run.py also divide by the benchmark thread's
// CPU time, the robust figure for 1-thread cases on a loaded machine (time spent descheduled
// while other users' jobs run is not counted).
void report(benchmark::State& state, int64_t M, int64_t N, int64_t calls) {
  const double flop = 2.0 * M * N * K * calls;
  state.counters["GFLOPS"] =
      benchmark::Counter(flop, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
  state.counters["GFLOP"] = benchmark::Counter(flop / 1e9, benchmark::Counter::kAvgIterations);
}

void muna_linear(benchmark::State& state, mk::Backend backend, mk::Precision precision) {
  const int64_t M = state.range(0), N = state.range(1);
  muna::set_num_threads(static_cast<int>(state.range(2)));
  const auto& A = random_vector(M * K, 1);
  const auto& W = random_vector(N * K, 2);
  // torch.nn.Linear's [N, K] layout: what the compiler hands over.
  const auto packed = mk::pack_weight(W.data(), K, N, /*w_is_nk=*/true, precision, backend);
  std::vector<float> C(M * N);
  const int64_t calls = calls_per_measurement(M, N);
  mk::linear(A.data(), M, K, packed, nullptr, C.data(), N);  // builds and caches the primitive
  for (auto _ : state) {
    for (int64_t c = 0; c < calls; ++c) mk::linear(A.data(), M, K, packed, nullptr, C.data(), N);
    benchmark::DoNotOptimize(C.data());
    benchmark::ClobberMemory();
  }
  report(state, M, N, calls);
}

void onednn_direct(benchmark::State& state, mk::Precision precision) {
  const int64_t M = state.range(0), N = state.range(1);
  muna::set_num_threads(static_cast<int>(state.range(2)));
  muna::apply_to_openmp();  // oneDNN reads OpenMP's count when the primitive is created
  const dt type = precision == mk::Precision::bf16 ? dt::bf16 : dt::f32;
  dnnl::engine eng(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(eng);
  const auto& A = random_vector(M * K, 1);
  const auto& W = random_vector(N * K, 2);

  dnnl::memory::desc a_md({M, K}, type, dnnl::memory::format_tag::ab);
  dnnl::memory::desc w_any({K, N}, type, dnnl::memory::format_tag::any);
  dnnl::memory::desc c_md({M, N}, dt::f32, dnnl::memory::format_tag::ab);
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(a_md, w_any, c_md), eng);
  dnnl::matmul prim(pd);

  // Reorders outside the timed loop: W from [N, K] f32 into the primitive's layout, A to bf16.
  dnnl::memory w_user({{K, N}, dt::f32, dnnl::memory::dims{1, K}}, eng, const_cast<float*>(W.data()));
  dnnl::memory w_packed(pd.weights_desc(), eng);
  dnnl::reorder(w_user, w_packed).execute(stream, w_user, w_packed);
  dnnl::memory a_user({{M, K}, dt::f32, dnnl::memory::format_tag::ab}, eng, const_cast<float*>(A.data()));
  dnnl::memory a_mem(a_md, eng);
  dnnl::reorder(a_user, a_mem).execute(stream, a_user, a_mem);
  dnnl::memory c_mem(c_md, eng);
  stream.wait();

  const std::unordered_map<int, dnnl::memory> args{
      {DNNL_ARG_SRC, a_mem}, {DNNL_ARG_WEIGHTS, w_packed}, {DNNL_ARG_DST, c_mem}};
  const int64_t calls = calls_per_measurement(M, N);
  prim.execute(stream, args);
  stream.wait();
  for (auto _ : state) {
    for (int64_t c = 0; c < calls; ++c) {
      prim.execute(stream, args);
      stream.wait();
    }
    benchmark::ClobberMemory();
  }
  report(state, M, N, calls);
  state.SetLabel(pd.impl_info_str());
}

void shapes(benchmark::internal::Benchmark* b) {
  for (int64_t threads : {1, 2})
    for (int64_t M : {1, 16, 128, 1024})
      for (int64_t N : {768, 1152, 3072}) b->Args({M, N, threads});
  b->ArgNames({"M", "N", "threads"})->UseRealTime()->Iterations(1);
}

// The roofline: independent fused multiply-add chains in registers on every thread, no memory.
// Twelve chains hide the FMA latency (4 cycles) on two FMA ports.
void fma_peak(benchmark::State& state) {
  namespace hn = mk::hn;
  const int threads = static_cast<int>(state.range(0));
  muna::set_num_threads(threads);
  constexpr int64_t kIters = 1 << 16;
  const mk::Full<float> d;
  float sink = 0;
  for (auto _ : state) {
    muna::parallel_for(0, threads, 1, [&](int64_t, int64_t) {
      // Distinct starting values: twelve identical chains would be folded into one.
      const auto x = hn::Set(d, 0.999999f), y = hn::Set(d, 1e-7f);
      auto a0 = hn::Set(d, 0.0f), a1 = hn::Set(d, 0.1f), a2 = hn::Set(d, 0.2f), a3 = hn::Set(d, 0.3f);
      auto a4 = hn::Set(d, 0.4f), a5 = hn::Set(d, 0.5f), a6 = hn::Set(d, 0.6f), a7 = hn::Set(d, 0.7f);
      auto a8 = hn::Set(d, 0.8f), a9 = hn::Set(d, 0.9f), a10 = hn::Set(d, 1.0f), a11 = hn::Set(d, 1.1f);
      for (int64_t i = 0; i < kIters; ++i) {
        a0 = hn::MulAdd(a0, x, y), a1 = hn::MulAdd(a1, x, y), a2 = hn::MulAdd(a2, x, y);
        a3 = hn::MulAdd(a3, x, y), a4 = hn::MulAdd(a4, x, y), a5 = hn::MulAdd(a5, x, y);
        a6 = hn::MulAdd(a6, x, y), a7 = hn::MulAdd(a7, x, y), a8 = hn::MulAdd(a8, x, y);
        a9 = hn::MulAdd(a9, x, y), a10 = hn::MulAdd(a10, x, y), a11 = hn::MulAdd(a11, x, y);
      }
      const auto sum = hn::Add(hn::Add(hn::Add(a0, a1), hn::Add(a2, a3)),
                               hn::Add(hn::Add(hn::Add(a4, a5), hn::Add(a6, a7)),
                                       hn::Add(hn::Add(a8, a9), hn::Add(a10, a11))));
      benchmark::DoNotOptimize(mk::sum_lanes(d, sum));
    });
  }
  benchmark::DoNotOptimize(sink);
  const double flop = 2.0 * 12 * hn::Lanes(d) * kIters * threads;
  state.counters["GFLOPS"] =
      benchmark::Counter(flop, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
  state.counters["GFLOP"] = benchmark::Counter(flop / 1e9);
}

}  // namespace

BENCHMARK(fma_peak)->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Iterations(100);
BENCHMARK_CAPTURE(muna_linear, muna_onednn/f32, mk::Backend::OneDNN, mk::Precision::f32)->Apply(shapes);
BENCHMARK_CAPTURE(onednn_direct, onednn_direct/f32, mk::Precision::f32)->Apply(shapes);
BENCHMARK_CAPTURE(muna_linear, muna_eigen/f32, mk::Backend::Eigen, mk::Precision::f32)->Apply(shapes);
BENCHMARK_CAPTURE(muna_linear, muna_onednn/bf16, mk::Backend::OneDNN, mk::Precision::bf16)->Apply(shapes);
BENCHMARK_CAPTURE(onednn_direct, onednn_direct/bf16, mk::Precision::bf16)->Apply(shapes);
BENCHMARK_CAPTURE(muna_linear, muna_eigen/bf16, mk::Backend::Eigen, mk::Precision::bf16)->Apply(shapes);

BENCHMARK_MAIN();
