// The one GEMM entry point of muna: torch.nn.functional.linear, matmul, bmm and @ all end here,
// on raw row-major pointers handed down by the tensor layer.
//
//   pack_weight  once at load time: the weight in the backend's preferred layout and precision
//   linear       C[M,N] = A[M,K] @ W + bias, with W packed
//   matmul / bmm activation x activation (attention scores and values), fp32
//
// Backends: oneDNN 2.x (the matmul primitive, weights reordered once into its blocked layout;
// f32 runs brgemm avx512_core, bf16 runs brgemm avx512_core_bf16 or AMX where the CPU has it)
// and Eigen 3.4 (portable: aarch64, wasm, Windows). This is the only header that includes
// <Eigen/Core> and dnnl.hpp, which cost seconds to parse; keep them out of every other header.
// Eigen only in the definitions' section, read where they are compiled (the op core, or
// header-only use): a generated library declares these functions and links them.
//
// bf16 (Precision::bf16) stores weights as bf16, rounds activations to bf16 (round to nearest
// even), accumulates in fp32 and writes fp32, which is what oneDNN's bf16 matmul computes.
//
// Build: -fopenmp for threads (both backends then obey muna::num_threads()); link -ldnnl unless
// MUNA_GEMM_NO_ONEDNN is defined or dnnl.hpp is absent, in which case Eigen serves everything.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/core/opcore.hpp"
#include "muna/core/threading.hpp"
#include "muna/kernels/bf16.hpp"

#if !defined(MUNA_GEMM_NO_ONEDNN) && __has_include(<oneapi/dnnl/dnnl.hpp>)
#include <oneapi/dnnl/dnnl.hpp>
#define MUNA_GEMM_HAS_ONEDNN 1
#else
#define MUNA_GEMM_HAS_ONEDNN 0
#endif

namespace muna::kernels {

enum class Precision { f32, bf16 };
enum class Backend { Auto, Eigen, OneDNN };

inline const char* to_string(Precision p) { return p == Precision::f32 ? "f32" : "bf16"; }
inline const char* to_string(Backend b) {
  return b == Backend::Eigen ? "eigen" : b == Backend::OneDNN ? "onednn" : "auto";
}

// Whether this build can run a backend (oneDNN only when compiled in).
inline bool backend_available(Backend b) {
  return b != Backend::OneDNN || MUNA_GEMM_HAS_ONEDNN;
}

// Auto picks oneDNN when it is compiled in: it is faster at every shape we benchmark
// (docs/perf.md) and is the only path to AVX512-BF16/AMX.
inline Backend resolve_backend(Backend b) {
  if (b == Backend::Auto) return MUNA_GEMM_HAS_ONEDNN ? Backend::OneDNN : Backend::Eigen;
  if (!backend_available(b)) throw ValueError("gemm: the oneDNN backend is not compiled into this build");
  return b;
}

class PackedWeight;
namespace detail {
template <class Src>
PackedWeight pack_from(const Src* W, int64_t K, int64_t N, bool w_is_nk, Precision p, Backend b);
}  // namespace detail

// A weight [K, N] (or torch's Linear [N, K]) packed once for one backend and precision. It owns
// its memory, moves but never copies (weights are large: a copy is always a bug), and is only
// read by linear(), so any number of threads may use one PackedWeight at once.
class PackedWeight {
 public:
  PackedWeight() = default;
  // A moved-from weight is empty (linear() then raises ValueError rather than crashing).
  PackedWeight(PackedWeight&& other) noexcept { *this = std::move(other); }
  PackedWeight& operator=(PackedWeight&& other) noexcept {
    k_ = std::exchange(other.k_, 0);
    n_ = std::exchange(other.n_, 0);
    precision_ = other.precision_;
    backend_ = other.backend_;
    eigen_f32_ = std::move(other.eigen_f32_);
    eigen_bf16_ = std::move(other.eigen_bf16_);
#if MUNA_GEMM_HAS_ONEDNN
    onednn_ = std::move(other.onednn_);
#endif
    return *this;
  }
  PackedWeight(const PackedWeight&) = delete;
  PackedWeight& operator=(const PackedWeight&) = delete;

  int64_t K() const { return k_; }
  int64_t N() const { return n_; }
  Precision precision() const { return precision_; }
  Backend backend() const { return backend_; }
  bool empty() const { return k_ == 0 && n_ == 0; }

 private:
  template <class Src>
  friend PackedWeight detail::pack_from(const Src*, int64_t, int64_t, bool, Precision, Backend);
  friend void linear(const float*, int64_t, int64_t, const PackedWeight&, const float*, float*, int64_t);

  int64_t k_ = 0, n_ = 0;
  Precision precision_ = Precision::f32;
  Backend backend_ = Backend::Eigen;
  std::vector<float> eigen_f32_;      // Eigen f32: [K, N] row-major
  std::vector<uint16_t> eigen_bf16_;  // Eigen bf16: [K, N] row-major bf16 bits
#if MUNA_GEMM_HAS_ONEDNN
  dnnl::memory onednn_;  // oneDNN: its own blocked layout, chosen by the primitive
#endif
};

// W is [K, N] row-major, or torch.nn.Linear's [N, K] when w_is_nk. Done once per weight at load
// time; the source can be freed afterwards.
MUNA_OPCORE_FN PackedWeight pack_weight(const float* W, int64_t K, int64_t N, bool w_is_nk, Precision p,
                                        Backend b = Backend::Auto);

// The same from bf16 weights (their uint16_t bits), packed for the bf16 GEMM.
MUNA_OPCORE_FN PackedWeight pack_weight_bf16(const uint16_t* W, int64_t K, int64_t N, bool w_is_nk,
                                             Backend b = Backend::Auto);

// C[M, N] = A[M, K] @ W + bias (bias [N], nullable). Rows of A and C are lda and ldc apart.
MUNA_OPCORE_FN void linear(const float* A, int64_t M, int64_t lda, const PackedWeight& W, const float* bias, float* C,
                           int64_t ldc);

// Strided batches: C[b] = A[b] @ B[b] (B[b] read as [N, K] and transposed when transpose_b),
// with batch b of each operand at pointer + b * stride. A stride of 0 broadcasts that operand,
// as torch.matmul does for a batch dimension of 1. fp32 only: activation products stay fp32.
MUNA_OPCORE_FN void bmm(int64_t batch, const float* A, int64_t stride_a, const float* B, int64_t stride_b, float* C,
                        int64_t stride_c, int64_t M, int64_t N, int64_t K, int64_t lda, int64_t ldb, int64_t ldc,
                        bool transpose_b, Backend backend = Backend::Auto);

// C[M, N] = A[M, K] @ B, for two activations (B is [K, N], or [N, K] when transpose_b).
MUNA_OPCORE_FN void matmul(const float* A, const float* B, float* C, int64_t M, int64_t N, int64_t K, int64_t lda,
                           int64_t ldb, int64_t ldc, bool transpose_b, Backend backend = Backend::Auto);

// The same in float64 (NumPy's default float), through Eigen: oneDNN has no f64 matmul.
MUNA_OPCORE_FN void matmul(const double* A, const double* B, double* C, int64_t M, int64_t N, int64_t K, int64_t lda,
                           int64_t ldb, int64_t ldc, bool transpose_b);

}  // namespace muna::kernels

// The definitions (muna/core/opcore.hpp): compiled into the op core, so that Eigen and the
// oneDNN glue are instantiated once per target, not in every library that calls a GEMM.
#if MUNA_OPCORE_DEFINE
// GCC 12 reports false "(may be) used uninitialized" warnings inside Eigen's AVX-512 GEMM kernel
// (_mm512_broadcastss_ps, hundreds of times per TU); Eigen's own code is not ours to fix.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <Eigen/Core>

namespace muna::kernels {

namespace detail {

template <class T>
using RowMajor = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using ConstRowMap = Eigen::Map<const RowMajor<T>, Eigen::Unaligned, Eigen::OuterStride<>>;
template <class T>
using RowMap = Eigen::Map<RowMajor<T>, Eigen::Unaligned, Eigen::OuterStride<>>;

// Per-thread scratch that grows and is reused: converting or compacting A costs M*K, and a
// fresh allocation each call would cost more than that at small M.
template <class T, int Slot>
T* scratch(size_t n) {
  thread_local std::vector<T> buffer;
  if (buffer.size() < n) buffer.resize(n);
  return buffer.data();
}

// Checks run on every call, so the message is only built when one fails.
template <class Message>
void check(bool ok, Message&& message) {
  if (!ok) throw ValueError(message());
}

}  // namespace detail

#if MUNA_GEMM_HAS_ONEDNN
namespace onednn {

using dt = dnnl::memory::data_type;
using dims = dnnl::memory::dims;

inline const dnnl::engine& engine() {
  static const dnnl::engine eng(dnnl::engine::kind::cpu, 0);
  return eng;
}

// A CPU stream is cheap but not free; one per calling thread keeps calls independent.
inline dnnl::stream& stream() {
  thread_local dnnl::stream s(engine());
  return s;
}

// oneDNN 3.x dropped matmul::desc; 2.x needs it. Everything else here is common to both.
// The scratchpad is ours (user mode): oneDNN's default shares one library scratchpad between
// executions, and two threads running the same primitive then corrupt each other's results
// (seen in tests/kernels/test_gemm.cpp's concurrency case before this).
inline dnnl::matmul::primitive_desc make_pd(const dnnl::memory::desc& a, const dnnl::memory::desc& w,
                                            const dnnl::memory::desc* bias, const dnnl::memory::desc& c) {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
#if DNNL_VERSION_MAJOR >= 3
  return bias ? dnnl::matmul::primitive_desc(engine(), a, w, *bias, c, attr)
              : dnnl::matmul::primitive_desc(engine(), a, w, c, attr);
#else
  return bias ? dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, w, *bias, c), attr, engine())
              : dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, w, c), attr, engine());
#endif
}

// A primitive and the size of the per-thread scratchpad it needs; an empty primitive means
// "use dnnl_sgemm" (see bmm).
struct Prepared {
  dnnl::matmul prim;
  size_t scratch_bytes = 0;
  dnnl::memory::desc src, weights, bias, dst;  // bias is empty when the primitive has none
  uint64_t id = 0;                             // names this primitive in per-thread bindings
};

inline Prepared prepare(const dnnl::matmul::primitive_desc& pd, const dnnl::memory::desc& src,
                        const dnnl::memory::desc& weights, const dnnl::memory::desc* bias,
                        const dnnl::memory::desc& dst) {
  static std::atomic<uint64_t> ids{0};
  return Prepared{dnnl::matmul(pd), pd.scratchpad_desc().get_size(), src, weights,
                  bias ? *bias : dnnl::memory::desc(), dst, ++ids};
}

// Memory objects for one primitive on one thread, built once and re-pointed on each call:
// creating four dnnl::memory objects and an argument map per call cost ~1.5 us, which is 5% of
// a 768x768 GEMV.
struct Binding {
  dnnl::memory src, weights, bias, dst, scratch;
  std::unordered_map<int, dnnl::memory> args;
};

inline Binding& binding(const Prepared& p) {
  thread_local std::unordered_map<uint64_t, Binding> bindings;
  auto it = bindings.find(p.id);
  if (it != bindings.end()) return it->second;
  if (bindings.size() >= 256) bindings.clear();  // bounded like the primitive cache
  const dnnl::memory::desc scratch_md({static_cast<int64_t>(std::max<size_t>(p.scratch_bytes, 1))}, dt::u8, dims{1});
  Binding b;
  b.src = dnnl::memory(p.src, engine(), DNNL_MEMORY_NONE);
  b.weights = dnnl::memory(p.weights, engine(), DNNL_MEMORY_NONE);
  b.dst = dnnl::memory(p.dst, engine(), DNNL_MEMORY_NONE);
  b.scratch = dnnl::memory(scratch_md, engine(), DNNL_MEMORY_NONE);
  b.args = {{DNNL_ARG_SRC, b.src}, {DNNL_ARG_WEIGHTS, b.weights}, {DNNL_ARG_DST, b.dst}, {DNNL_ARG_SCRATCHPAD, b.scratch}};
  if (p.bias.get_size() != 0) {
    b.bias = dnnl::memory(p.bias, engine(), DNNL_MEMORY_NONE);
    b.args.emplace(DNNL_ARG_BIAS, b.bias);
  }
  return bindings.emplace(p.id, std::move(b)).first->second;
}

// weights_memory: a packed weight (linear); otherwise weights points at plain data (bmm).
inline void execute(const Prepared& p, const void* src, const dnnl::memory* weights_memory, const void* weights,
                    const float* bias, float* dst) {
  Binding& b = binding(p);
  // Cache-line aligned, as oneDNN's own scratchpad is.
  auto* raw = detail::scratch<unsigned char, 2>(std::max<size_t>(p.scratch_bytes, 1) + 64);
  b.scratch.set_data_handle(raw + (64 - reinterpret_cast<uintptr_t>(raw) % 64) % 64);
  b.src.set_data_handle(const_cast<void*>(src));
  b.dst.set_data_handle(dst);
  if (bias) b.bias.set_data_handle(const_cast<float*>(bias));
  if (weights_memory) {
    b.args[DNNL_ARG_WEIGHTS] = *weights_memory;
  } else {
    b.weights.set_data_handle(const_cast<void*>(weights));
    b.args[DNNL_ARG_WEIGHTS] = b.weights;
  }
  p.prim.execute(stream(), b.args);
  stream().wait();
  // Keep no reference to a packed weight here, or unloading a model would not free it.
  b.args[DNNL_ARG_WEIGHTS] = b.weights;
}

// The weight layout linear() will use. brgemm picks the same blocked layout for every M
// (checked for M = 1..8192 over a dozen K x N from 1 x 1 to 3072 x 768, f32 and bf16), so one
// representative M decides it once at pack time.
inline dnnl::memory::desc packed_weight_desc(int64_t K, int64_t N, dt type) {
  const int64_t m = 128;
  dnnl::memory::desc a({m, K}, type, dims{K, 1});
  dnnl::memory::desc w({K, N}, type, dnnl::memory::format_tag::any);
  dnnl::memory::desc c({m, N}, dt::f32, dims{N, 1});
  return make_pd(a, w, nullptr, c).weights_desc();
}

// Primitives keyed by everything that shapes them, including the thread count: oneDNN fixes
// its work split when a primitive is created, so a count change must build a new one.
using Key = std::array<int64_t, 14>;
struct KeyHash {
  size_t operator()(const Key& k) const {
    size_t h = 1469598103934665603ull;
    for (int64_t v : k) h = (h ^ static_cast<size_t>(v)) * 1099511628211ull;
    return h;
  }
};

// Building a primitive descriptor costs tens of microseconds, comparable to a small GEMM, so
// each distinct shape builds once. The lock is held only to look up and insert; building
// happens outside it (two threads may build the same one; the second simply wins).
template <class Build>
Prepared cached(const Key& key, Build&& build) {
  static std::mutex mutex;
  static std::unordered_map<Key, Prepared, KeyHash> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  Prepared prim = build();
  std::lock_guard<std::mutex> lock(mutex);
  // Varying sequence lengths make new M values forever; a bound keeps memory flat.
  if (cache.size() >= 1024) cache.clear();
  cache.emplace(key, prim);
  return prim;
}

inline void linear(const float* A, int64_t M, int64_t lda, const PackedWeight& W, const dnnl::memory& packed,
                   const float* bias, float* C, int64_t ldc) {
  const int64_t K = W.K(), N = W.N();
  const bool bf16 = W.precision() == Precision::bf16;
  const dt src_type = bf16 ? dt::bf16 : dt::f32;
  apply_to_openmp();

  // brgemm takes only dense A and C (a padded row stride sends oneDNN to its slower gemm path,
  // which cannot read the blocked weights), so A is compacted (or converted to bf16) and a
  // strided C is written through a dense scratch.
  const void* src = A;
  if (bf16) {
    uint16_t* a16 = detail::scratch<uint16_t, 0>(static_cast<size_t>(M * K));
    parallel_for(0, M, std::max<int64_t>(1, 65536 / K), [&](int64_t lo, int64_t hi) {
      if (lda == K) return float_to_bf16(A + lo * K, a16 + lo * K, static_cast<size_t>((hi - lo) * K));
      for (int64_t i = lo; i < hi; ++i) float_to_bf16(A + i * lda, a16 + i * K, static_cast<size_t>(K));
    });
    src = a16;
  } else if (lda != K) {
    float* a32 = detail::scratch<float, 0>(static_cast<size_t>(M * K));
    for (int64_t i = 0; i < M; ++i) std::memcpy(a32 + i * K, A + i * lda, sizeof(float) * K);
    src = a32;
  }
  float* dst = ldc == N ? C : detail::scratch<float, 1>(static_cast<size_t>(M * N));

  const Key key{0, M, K, N, static_cast<int64_t>(W.precision()), bias != nullptr, num_threads(), 0, 0, 0, 0, 0, 0, 0};
  dnnl::memory::desc a_md({M, K}, src_type, dims{K, 1});
  dnnl::memory::desc c_md({M, N}, dt::f32, dims{N, 1});
  dnnl::memory::desc b_md({1, N}, dt::f32, dims{N, 1});
  const Prepared prim = cached(key, [&] {
    const auto w_md = packed.get_desc();
    const auto* bias_md = bias ? &b_md : nullptr;
    return prepare(make_pd(a_md, w_md, bias_md, c_md), a_md, w_md, bias_md, c_md);
  });
  execute(prim, src, &packed, nullptr, bias, dst);

  if (dst != C)
    for (int64_t i = 0; i < M; ++i) std::memcpy(C + i * ldc, dst + i * N, sizeof(float) * N);
}

// Strided batches of A[M,K] @ B (B [K,N], or [N,K] when transpose_b), fp32. The matmul
// primitive runs brgemm on dense operands but drops to its slow reference kernel for padded
// rows or broadcast batches (ONEDNN_VERBOSE shows ref:any), so those go through dnnl_sgemm,
// oneDNN's JIT GEMM, one batch at a time, which takes any leading dimensions.
inline void bmm(int64_t batch, const float* A, int64_t stride_a, const float* B, int64_t stride_b, float* C,
                int64_t stride_c, int64_t M, int64_t N, int64_t K, int64_t lda, int64_t ldb, int64_t ldc,
                bool transpose_b) {
  apply_to_openmp();
  dnnl::memory::desc a_md({batch, M, K}, dt::f32, dims{stride_a, lda, 1});
  dnnl::memory::desc b_md({batch, K, N}, dt::f32, transpose_b ? dims{stride_b, 1, ldb} : dims{stride_b, ldb, 1});
  dnnl::memory::desc c_md({batch, M, N}, dt::f32, dims{stride_c, ldc, 1});
  const Key key{1, M, K, N, batch, stride_a, stride_b, stride_c, lda, ldb, ldc, transpose_b, num_threads(), 0};
  const Prepared prim = cached(key, [&] {
    auto pd = make_pd(a_md, b_md, nullptr, c_md);
    return std::string(pd.impl_info_str()).rfind("ref", 0) == 0 ? Prepared{}
                                                                   : prepare(pd, a_md, b_md, nullptr, c_md);
  });
  if (prim.prim.get(true) != nullptr) return execute(prim, A, nullptr, B, nullptr, C);
  for (int64_t b = 0; b < batch; ++b) {
    const dnnl_status_t status = dnnl_sgemm('N', transpose_b ? 'T' : 'N', M, N, K, 1.0f, A + b * stride_a, lda,
                                            B + b * stride_b, ldb, 0.0f, C + b * stride_c, ldc);
    if (status != dnnl_success) throw RuntimeError("matmul: dnnl_sgemm failed with status " + std::to_string(status));
  }
}

}  // namespace onednn
#endif  // MUNA_GEMM_HAS_ONEDNN

namespace eigen {

// Eigen sizes its OpenMP regions from omp_get_max_threads() as long as Eigen::setNbThreads is
// never called, so apply_to_openmp() is how it obeys muna::num_threads().
template <class T>
void product(const T* A, int64_t M, int64_t K, int64_t lda, const T* B, int64_t N, int64_t ldb, bool transpose_b,
             T* C, int64_t ldc) {
  apply_to_openmp();
  detail::ConstRowMap<T> a(A, M, K, Eigen::OuterStride<>(lda));
  detail::RowMap<T> c(C, M, N, Eigen::OuterStride<>(ldc));
  if (transpose_b) {
    detail::ConstRowMap<T> b(B, N, K, Eigen::OuterStride<>(ldb));
    c.noalias() = a * b.transpose();
  } else {
    detail::ConstRowMap<T> b(B, K, N, Eigen::OuterStride<>(ldb));
    c.noalias() = a * b;
  }
}

inline void linear(const float* A, int64_t M, int64_t lda, const PackedWeight& W, const std::vector<float>& w32,
                   const std::vector<uint16_t>& w16, const float* bias, float* C, int64_t ldc) {
  const int64_t K = W.K(), N = W.N();
  if (W.precision() == Precision::f32) {
    product(A, M, K, lda, w32.data(), N, N, false, C, ldc);
  } else {
    // Eigen has no fast bf16 GEMM, so bf16 here is the portable fallback: the same numbers as
    // oneDNN's bf16 path (bf16 inputs, exact products, fp32 sums) from an fp32 GEMM on
    // widened copies. It saves memory, not time.
    float* a = detail::scratch<float, 0>(static_cast<size_t>(M * K));
    float* w = detail::scratch<float, 1>(static_cast<size_t>(K * N));
    for (int64_t i = 0; i < M; ++i)
      for (int64_t k = 0; k < K; ++k) a[i * K + k] = bf16_to_float(float_to_bf16(A[i * lda + k]));
    parallel_for(0, K * N, 1 << 16, [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i) w[i] = bf16_to_float(w16[i]);
    });
    product(a, M, K, K, w, N, N, false, C, ldc);
  }
  if (bias) {
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) C[i * ldc + j] += bias[j];
  }
}

}  // namespace eigen

namespace detail {

// pack_weight for either source: fp32 values, or bf16 bits (uint16_t) as a library compiled for
// bf16 stores its weights. Source and packed precision may differ (fp32 -> bf16 rounds to
// nearest even; bf16 -> fp32 is exact).
template <class Src>
PackedWeight pack_from(const Src* W, int64_t K, int64_t N, bool w_is_nk, Precision p, Backend b) {
  static_assert(std::is_same_v<Src, float> || std::is_same_v<Src, uint16_t>);
  constexpr bool from_bf16 = std::is_same_v<Src, uint16_t>;
  check(W != nullptr, [] { return "pack_weight: weight pointer is null"; });
  check(K > 0 && N > 0, [&] {
    return "pack_weight: expected K > 0 and N > 0, got K=" + std::to_string(K) + " N=" + std::to_string(N);
  });
  PackedWeight out;
  out.k_ = K;
  out.n_ = N;
  out.precision_ = p;
  out.backend_ = resolve_backend(b);
  auto at = [&](int64_t k, int64_t n) { return w_is_nk ? W[n * K + k] : W[k * N + n]; };

#if MUNA_GEMM_HAS_ONEDNN
  if (out.backend_ == Backend::OneDNN) {
    using namespace onednn;
    apply_to_openmp();
    const dt type = p == Precision::bf16 ? dt::bf16 : dt::f32;
    try {
      // The user layout is described, not copied: [N,K] is [K,N] with swapped strides.
      dnnl::memory::desc user_md({K, N}, from_bf16 ? dt::bf16 : dt::f32, w_is_nk ? dims{1, K} : dims{N, 1});
      dnnl::memory user(user_md, engine(), const_cast<Src*>(W));
      out.onednn_ = dnnl::memory(packed_weight_desc(K, N, type), engine());
      // One reorder does the transpose, the blocking and any precision change.
      dnnl::reorder(user, out.onednn_).execute(stream(), user, out.onednn_);
      stream().wait();
    } catch (const dnnl::error& e) {
      if (p != Precision::bf16) throw RuntimeError(std::string("pack_weight: oneDNN failed: ") + e.what());
      // oneDNN 2.6 has no bf16 GEMM for a CPU without AVX512-BF16 (an AVX2 machine): the
      // Eigen path below computes the same bf16 weights with fp32 accumulation.
      out.onednn_ = dnnl::memory();
      out.backend_ = Backend::Eigen;
    }
    if (out.backend_ == Backend::OneDNN) return out;
  }
#endif
  auto as_f32 = [](Src v) { if constexpr (from_bf16) return bf16_to_float(v); else return v; };
  auto as_bf16 = [](Src v) { if constexpr (from_bf16) return v; else return float_to_bf16(v); };
  if (p == Precision::f32) {
    out.eigen_f32_.resize(static_cast<size_t>(K * N));
    for (int64_t k = 0; k < K; ++k)
      for (int64_t n = 0; n < N; ++n) out.eigen_f32_[k * N + n] = as_f32(at(k, n));
  } else {
    out.eigen_bf16_.resize(static_cast<size_t>(K * N));
    for (int64_t k = 0; k < K; ++k)
      for (int64_t n = 0; n < N; ++n) out.eigen_bf16_[k * N + n] = as_bf16(at(k, n));
  }
  return out;
}

}  // namespace detail

MUNA_OPCORE_FN PackedWeight pack_weight(const float* W, int64_t K, int64_t N, bool w_is_nk, Precision p,
                                        Backend b) {
  return detail::pack_from(W, K, N, w_is_nk, p, b);
}

MUNA_OPCORE_FN PackedWeight pack_weight_bf16(const uint16_t* W, int64_t K, int64_t N, bool w_is_nk,
                                             Backend b) {
  return detail::pack_from(W, K, N, w_is_nk, Precision::bf16, b);
}

MUNA_OPCORE_FN void linear(const float* A, int64_t M, int64_t lda, const PackedWeight& W, const float* bias, float* C,
                           int64_t ldc) {
  detail::check(!W.empty(), [] { return "linear: the weight was never packed"; });
  const int64_t K = W.K(), N = W.N();
  detail::check(M >= 0, [&] { return "linear: M must be >= 0, got " + std::to_string(M); });
  detail::check(lda >= K, [&] { return "linear: lda=" + std::to_string(lda) + " is smaller than K=" + std::to_string(K); });
  detail::check(ldc >= N, [&] { return "linear: ldc=" + std::to_string(ldc) + " is smaller than N=" + std::to_string(N); });
  detail::check(M == 0 || (A != nullptr && C != nullptr), [] { return "linear: null input or output"; });
  if (M == 0) return;
#if MUNA_GEMM_HAS_ONEDNN
  if (W.backend() == Backend::OneDNN) {
    try {
      return onednn::linear(A, M, lda, W, W.onednn_, bias, C, ldc);
    } catch (const dnnl::error& e) {  // only muna::Exception may leave an op
      throw RuntimeError(std::string("linear: oneDNN failed: ") + e.what());
    }
  }
#endif
  eigen::linear(A, M, lda, W, W.eigen_f32_, W.eigen_bf16_, bias, C, ldc);
}

MUNA_OPCORE_FN void bmm(int64_t batch, const float* A, int64_t stride_a, const float* B, int64_t stride_b, float* C,
                        int64_t stride_c, int64_t M, int64_t N, int64_t K, int64_t lda, int64_t ldb, int64_t ldc,
                        bool transpose_b, Backend backend) {
  detail::check(batch >= 0 && M >= 0 && N >= 0 && K >= 0, [&] {
    return "matmul: negative size (batch=" + std::to_string(batch) + " M=" + std::to_string(M) +
           " N=" + std::to_string(N) + " K=" + std::to_string(K) + ")";
  });
  detail::check(lda >= K && ldc >= N && ldb >= (transpose_b ? K : N),
                [] { return "matmul: a leading dimension is smaller than its row length"; });
  detail::check(stride_c != 0 || batch <= 1, [] { return "matmul: batches of the output cannot overlap"; });
  if (batch == 0 || M == 0 || N == 0) return;
  if (K == 0) {  // an empty sum: torch returns zeros
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t i = 0; i < M; ++i) std::fill_n(C + b * stride_c + i * ldc, N, 0.0f);
    return;
  }
  backend = resolve_backend(backend);
#if MUNA_GEMM_HAS_ONEDNN
  if (backend == Backend::OneDNN) {
    try {
      return onednn::bmm(batch, A, stride_a, B, stride_b, C, stride_c, M, N, K, lda, ldb, ldc, transpose_b);
    } catch (const dnnl::error& e) {
      throw RuntimeError(std::string("matmul: oneDNN failed: ") + e.what());
    }
  }
#endif
  for (int64_t b = 0; b < batch; ++b)
    eigen::product(A + b * stride_a, M, K, lda, B + b * stride_b, N, ldb, transpose_b, C + b * stride_c, ldc);
}

MUNA_OPCORE_FN void matmul(const float* A, const float* B, float* C, int64_t M, int64_t N, int64_t K, int64_t lda,
                           int64_t ldb, int64_t ldc, bool transpose_b, Backend backend) {
  bmm(1, A, 0, B, 0, C, 0, M, N, K, lda, ldb, ldc, transpose_b, backend);
}

MUNA_OPCORE_FN void matmul(const double* A, const double* B, double* C, int64_t M, int64_t N, int64_t K, int64_t lda,
                           int64_t ldb, int64_t ldc, bool transpose_b) {
  detail::check(M >= 0 && N >= 0 && K >= 0 && lda >= K && ldc >= N && ldb >= (transpose_b ? K : N),
                [] { return std::string("matmul: negative size or a leading dimension shorter than its row"); });
  if (M == 0 || N == 0) return;
  if (K == 0) {
    for (int64_t i = 0; i < M; ++i) std::fill_n(C + i * ldc, N, 0.0);
    return;
  }
  eigen::product(A, M, K, lda, B, N, ldb, transpose_b, C, ldc);
}

}  // namespace muna::kernels

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif  // MUNA_OPCORE_DEFINE
