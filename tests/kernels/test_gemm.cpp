// muna::kernels GEMM (linear, matmul, bmm) against a naive double-precision loop, on both
// backends, fp32 and bf16, odd shapes, strided operands and thread-count changes.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <thread>
#include <vector>

#include <muna/kernels/gemm.hpp>

using muna::kernels::Backend;
using muna::kernels::Precision;
namespace mk = muna::kernels;

namespace {

std::vector<float> random_vector(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

// C = A @ B (+ bias) in double, B read through b(k, n) so each layout is checked by the same code.
template <class BAt>
std::vector<double> naive(const float* A, int64_t M, int64_t K, int64_t lda, BAt b, int64_t N, const float* bias) {
  std::vector<double> C(static_cast<size_t>(M * N));
  for (int64_t i = 0; i < M; ++i)
    for (int64_t n = 0; n < N; ++n) {
      double acc = bias ? bias[n] : 0.0;
      for (int64_t k = 0; k < K; ++k) acc += static_cast<double>(A[i * lda + k]) * b(k, n);
      C[i * N + n] = acc;
    }
  return C;
}

// fp32 tolerance: |c - ref| <= rtol * (|ref| + sum_k |a_ik b_kn| / K-scale) would be the rigorous
// bound; with inputs in [-1, 1] and K <= 1000 sums, rtol 1e-4 relative to the row's magnitude
// (max |ref| over the output, floor 1) is what fp32 accumulation in any order meets.
void require_close(const float* C, int64_t M, int64_t N, int64_t ldc, const std::vector<double>& ref,
                   double rtol = 1e-4) {
  double scale = 1.0;
  for (double r : ref) scale = std::max(scale, std::abs(r));
  for (int64_t i = 0; i < M; ++i)
    for (int64_t n = 0; n < N; ++n) {
      const double got = C[i * ldc + n], want = ref[i * N + n];
      INFO("at [" << i << ", " << n << "] got " << got << " want " << want);
      REQUIRE(std::abs(got - want) <= rtol * std::max(std::abs(want), scale * 1e-2) + 1e-6 * scale);
    }
}

double cosine(const float* C, int64_t M, int64_t N, int64_t ldc, const std::vector<double>& ref) {
  double dot = 0, a2 = 0, b2 = 0;
  for (int64_t i = 0; i < M; ++i)
    for (int64_t n = 0; n < N; ++n) {
      const double a = C[i * ldc + n], b = ref[i * N + n];
      dot += a * b;
      a2 += a * a;
      b2 += b * b;
    }
  return dot / std::sqrt(a2 * b2);
}

std::vector<Backend> backends() {
  std::vector<Backend> out{Backend::Eigen};
  if (mk::backend_available(Backend::OneDNN)) out.push_back(Backend::OneDNN);
  return out;
}

struct Shape {
  int64_t M, K, N;
};
// Around the vector width (16 floats) and the blocking (oneDNN blocks N by 64 and K by 16).
const Shape kShapes[] = {{1, 1, 1},    {1, 768, 768}, {1, 17, 1},    {3, 5, 7},      {16, 768, 1152},
                         {17, 33, 65}, {5, 100, 1},   {128, 64, 31}, {64, 257, 130}, {1, 1000, 3},
                         {1030, 40, 70}};

}  // namespace

TEST_CASE("linear fp32 matches a naive loop on both backends, both weight layouts, with and without bias") {
  for (Backend be : backends())
    for (const Shape& s : kShapes)
      for (bool nk : {false, true})
        for (bool with_bias : {false, true}) {
          INFO(mk::to_string(be) << " M=" << s.M << " K=" << s.K << " N=" << s.N << " nk=" << nk
                                 << " bias=" << with_bias);
          const auto A = random_vector(s.M * s.K, 1);
          const auto W = random_vector(s.K * s.N, 2);
          const auto bias = random_vector(s.N, 3);
          auto packed = mk::pack_weight(W.data(), s.K, s.N, nk, Precision::f32, be);
          REQUIRE(packed.backend() == be);
          std::vector<float> C(s.M * s.N, NAN);
          mk::linear(A.data(), s.M, s.K, packed, with_bias ? bias.data() : nullptr, C.data(), s.N);
          auto b = [&](int64_t k, int64_t n) { return nk ? W[n * s.K + k] : W[k * s.N + n]; };
          require_close(C.data(), s.M, s.N, s.N, naive(A.data(), s.M, s.K, s.K, b, s.N, with_bias ? bias.data() : nullptr));
        }
}

TEST_CASE("linear reads and writes padded rows (lda > K, ldc > N) without touching the padding") {
  for (Backend be : backends())
    for (Precision p : {Precision::f32, Precision::bf16}) {
      INFO(mk::to_string(be) << " " << mk::to_string(p));
      const int64_t M = 7, K = 45, N = 19, lda = 50, ldc = 23;
      const auto A = random_vector(M * lda, 4);
      const auto W = random_vector(K * N, 5);
      auto packed = mk::pack_weight(W.data(), K, N, false, p, be);
      std::vector<float> C(M * ldc, 42.0f);
      mk::linear(A.data(), M, lda, packed, nullptr, C.data(), ldc);
      const auto ref = naive(A.data(), M, K, lda, [&](int64_t k, int64_t n) { return W[k * N + n]; }, N, nullptr);
      if (p == Precision::f32) require_close(C.data(), M, N, ldc, ref);
      else REQUIRE(cosine(C.data(), M, N, ldc, ref) >= 0.999);
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = N; j < ldc; ++j) REQUIRE(C[i * ldc + j] == 42.0f);
    }
}

TEST_CASE("linear bf16 stays within cosine 0.999 of fp32 and equals bf16-rounded inputs in fp32") {
  for (Backend be : backends())
    for (const Shape& s : kShapes) {
      INFO(mk::to_string(be) << " M=" << s.M << " K=" << s.K << " N=" << s.N);
      const auto A = random_vector(s.M * s.K, 6);
      const auto W = random_vector(s.K * s.N, 7);
      const auto bias = random_vector(s.N, 8);
      auto packed = mk::pack_weight(W.data(), s.K, s.N, true, Precision::bf16, be);
      std::vector<float> C(s.M * s.N);
      mk::linear(A.data(), s.M, s.K, packed, bias.data(), C.data(), s.N);
      auto w = [&](int64_t k, int64_t n) { return W[n * s.K + k]; };
      if (s.M * s.N > 1)  // cosine of a single number is only its sign
        REQUIRE(cosine(C.data(), s.M, s.N, s.N, naive(A.data(), s.M, s.K, s.K, w, s.N, bias.data())) >= 0.999);
      // The documented semantics: inputs rounded to bf16 (nearest even), fp32 accumulation.
      auto round = [](float x) { return mk::bf16_to_float(mk::float_to_bf16(x)); };
      std::vector<float> A16(A.size());
      for (size_t i = 0; i < A.size(); ++i) A16[i] = round(A[i]);
      auto w16 = [&](int64_t k, int64_t n) { return round(w(k, n)); };
      require_close(C.data(), s.M, s.N, s.N, naive(A16.data(), s.M, s.K, s.K, w16, s.N, bias.data()));
    }
}

TEST_CASE("weights stored as bf16 bits pack to the same GEMM as fp32 weights rounded to bf16") {
  for (Backend be : backends())
    for (const Shape& s : kShapes)
      for (bool nk : {false, true}) {
        INFO(mk::to_string(be) << " M=" << s.M << " K=" << s.K << " N=" << s.N << " nk=" << nk);
        const auto A = random_vector(s.M * s.K, 9);
        const auto W = random_vector(s.K * s.N, 10);
        std::vector<uint16_t> bits(W.size());
        for (size_t i = 0; i < W.size(); ++i) bits[i] = mk::float_to_bf16(W[i]);
        auto from_f32 = mk::pack_weight(W.data(), s.K, s.N, nk, Precision::bf16, be);
        auto from_bf16 = mk::pack_weight_bf16(bits.data(), s.K, s.N, nk, be);
        REQUIRE(from_bf16.precision() == Precision::bf16);
        std::vector<float> C1(s.M * s.N), C2(s.M * s.N);
        mk::linear(A.data(), s.M, s.K, from_f32, nullptr, C1.data(), s.N);
        mk::linear(A.data(), s.M, s.K, from_bf16, nullptr, C2.data(), s.N);
        REQUIRE(C1 == C2);
      }
}

TEST_CASE("float_to_bf16 rounds to nearest even and keeps NaN and infinities") {
  REQUIRE(mk::bf16_to_float(mk::float_to_bf16(1.0f)) == 1.0f);
  // 1 + 2^-8 lies exactly between two bf16 values; the even one is 1.
  REQUIRE(mk::bf16_to_float(mk::float_to_bf16(1.0f + std::ldexp(1.0f, -8))) == 1.0f);
  REQUIRE(mk::bf16_to_float(mk::float_to_bf16(1.0f + 3 * std::ldexp(1.0f, -8))) == 1.0f + std::ldexp(1.0f, -6));
  REQUIRE(std::isnan(mk::bf16_to_float(mk::float_to_bf16(NAN))));
  REQUIRE(mk::bf16_to_float(mk::float_to_bf16(INFINITY)) == INFINITY);
  REQUIRE(mk::bf16_to_float(mk::float_to_bf16(-INFINITY)) == -INFINITY);
}

TEST_CASE("the vectorized float_to_bf16 equals the scalar one on every kind of value") {
  std::mt19937 gen(20);
  std::vector<float> in(10007);  // not a multiple of any vector width: the tail too
  for (size_t i = 0; i < in.size(); ++i) {
    uint32_t bits = gen();
    if (i % 3 == 0) bits = (bits & 0xffff0000u) | 0x8000u;  // exactly halfway: ties to even
    std::memcpy(&in[i], &bits, 4);  // random bit patterns include NaN, inf, subnormals
  }
  in[0] = NAN, in[1] = -INFINITY, in[2] = 0.0f, in[3] = -0.0f, in[4] = 3.4028235e38f;
  std::vector<uint16_t> out(in.size());
  mk::float_to_bf16(in.data(), out.data(), in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    INFO("at " << i);
    REQUIRE(out[i] == mk::float_to_bf16(in[i]));
  }
}

TEST_CASE("matmul and bmm match a naive loop, plain and transposed B, strided and broadcast batches") {
  for (Backend be : backends())
    for (const Shape& s : kShapes)
      for (bool tb : {false, true}) {
        INFO(mk::to_string(be) << " M=" << s.M << " K=" << s.K << " N=" << s.N << " transpose_b=" << tb);
        const int64_t batch = 3, lda = s.K + 3, ldb = (tb ? s.K : s.N) + 1, ldc = s.N + 2;
        const int64_t rows_b = tb ? s.N : s.K;
        const int64_t stride_a = s.M * lda, stride_c = s.M * ldc;
        const auto A = random_vector(batch * stride_a, 9);
        const auto B = random_vector(rows_b * ldb, 10);  // one B shared by every batch: stride 0
        std::vector<float> C(batch * stride_c);
        mk::bmm(batch, A.data(), stride_a, B.data(), 0, C.data(), stride_c, s.M, s.N, s.K, lda, ldb, ldc, tb, be);
        auto b = [&](int64_t k, int64_t n) { return tb ? B[n * ldb + k] : B[k * ldb + n]; };
        for (int64_t i = 0; i < batch; ++i)
          require_close(C.data() + i * stride_c, s.M, s.N, ldc, naive(A.data() + i * stride_a, s.M, s.K, lda, b, s.N, nullptr));

        std::vector<float> C1(s.M * s.N);
        mk::matmul(A.data(), B.data(), C1.data(), s.M, s.N, s.K, lda, ldb, s.N, tb, be);
        require_close(C1.data(), s.M, s.N, s.N, naive(A.data(), s.M, s.K, lda, b, s.N, nullptr));
      }
}

TEST_CASE("empty sizes: M = 0 writes nothing, K = 0 gives zeros as in torch") {
  for (Backend be : backends()) {
    std::vector<float> C(6, 7.0f);
    const float a = 1.0f, b = 1.0f;
    mk::matmul(&a, &b, C.data(), 0, 3, 4, 4, 3, 3, false, be);
    REQUIRE(C[0] == 7.0f);
    mk::matmul(&a, &b, C.data(), 2, 3, 0, 0, 3, 3, false, be);
    for (float c : C) REQUIRE(c == 0.0f);
    const auto W = random_vector(12, 11);
    auto packed = mk::pack_weight(W.data(), 4, 3, false, Precision::f32, be);
    mk::linear(nullptr, 0, 4, packed, nullptr, nullptr, 3);
  }
}

TEST_CASE("bad shapes raise ValueError") {
  const auto W = random_vector(12, 12);
  REQUIRE_THROWS_AS(mk::pack_weight(W.data(), 0, 3, false, Precision::f32), muna::ValueError);
  REQUIRE_THROWS_AS(mk::pack_weight(nullptr, 4, 3, false, Precision::f32), muna::ValueError);
  REQUIRE_THROWS_AS(mk::linear(W.data(), 1, 4, mk::PackedWeight(), nullptr, nullptr, 3), muna::ValueError);
  for (Backend be : backends()) {
    auto packed = mk::pack_weight(W.data(), 4, 3, false, Precision::f32, be);
    std::vector<float> C(12);
    REQUIRE_THROWS_AS(mk::linear(W.data(), 1, 3, packed, nullptr, C.data(), 3), muna::ValueError);  // lda < K
    REQUIRE_THROWS_AS(mk::linear(W.data(), 1, 4, packed, nullptr, C.data(), 2), muna::ValueError);  // ldc < N
    REQUIRE_THROWS_AS(mk::linear(W.data(), -1, 4, packed, nullptr, C.data(), 3), muna::ValueError);
    REQUIRE_THROWS_AS(mk::matmul(W.data(), W.data(), C.data(), 2, 3, 4, 3, 3, 3, false, be), muna::ValueError);
  }
}

TEST_CASE("results do not depend on the thread count, which both backends follow") {
  const int saved = muna::num_threads();
  const int64_t M = 64, K = 300, N = 200;
  const auto A = random_vector(M * K, 13);
  const auto W = random_vector(K * N, 14);
  for (Backend be : backends())
    for (Precision p : {Precision::f32, Precision::bf16}) {
      INFO(mk::to_string(be) << " " << mk::to_string(p));
      auto packed = mk::pack_weight(W.data(), K, N, false, p, be);
      std::vector<std::vector<float>> results;
      for (int threads : {1, 2, 3, 1}) {
        muna::set_num_threads(threads);
        REQUIRE(muna::num_threads() == threads);
        std::vector<float> C(M * N);
        mk::linear(A.data(), M, K, packed, nullptr, C.data(), N);
#if defined(_OPENMP)
        REQUIRE(omp_get_max_threads() == threads);  // what Eigen and oneDNN size their regions by
#endif
        results.push_back(C);
      }
      const auto ref = naive(A.data(), M, K, K, [&](int64_t k, int64_t n) { return W[k * N + n]; }, N, nullptr);
      for (const auto& C : results) {
        if (p == Precision::f32) require_close(C.data(), M, N, N, ref);
        else REQUIRE(cosine(C.data(), M, N, N, ref) >= 0.999);
      }
    }
  muna::set_num_threads(saved);
  REQUIRE_THROWS_AS(muna::set_num_threads(0), muna::ValueError);
}

TEST_CASE("one PackedWeight serves concurrent callers") {
  const int64_t M = 33, K = 128, N = 96;
  const auto W = random_vector(K * N, 15);
  for (Backend be : backends()) {
    INFO(mk::to_string(be));
    auto packed = mk::pack_weight(W.data(), K, N, false, Precision::f32, be);
    std::vector<std::vector<float>> inputs, outputs(4, std::vector<float>(M * N));
    for (unsigned t = 0; t < 4; ++t) inputs.push_back(random_vector(M * K, 100 + t));
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (int rep = 0; rep < 20; ++rep)
          mk::linear(inputs[t].data(), M, K, packed, nullptr, outputs[t].data(), N);
      });
    for (auto& th : threads) th.join();
    for (int t = 0; t < 4; ++t)
      require_close(outputs[t].data(), M, N, N,
                    naive(inputs[t].data(), M, K, K, [&](int64_t k, int64_t n) { return W[k * N + n]; }, N, nullptr));
  }
}

TEST_CASE("PackedWeight moves and keeps working") {
  const auto W = random_vector(40 * 24, 16);
  const auto A = random_vector(3 * 40, 17);
  for (Backend be : backends()) {
    auto first = mk::pack_weight(W.data(), 40, 24, false, Precision::f32, be);
    mk::PackedWeight moved = std::move(first);
    std::vector<mk::PackedWeight> many;
    many.push_back(std::move(moved));
    REQUIRE(first.empty());
    REQUIRE(moved.empty());
    std::vector<float> C(3 * 24);
    REQUIRE_THROWS_AS(mk::linear(A.data(), 3, 40, moved, nullptr, C.data(), 24), muna::ValueError);
    mk::linear(A.data(), 3, 40, many[0], nullptr, C.data(), 24);
    require_close(C.data(), 3, 24, 24, naive(A.data(), 3, 40, 40, [&](int64_t k, int64_t n) { return W[k * 24 + n]; }, 24, nullptr));
  }
}

TEST_CASE("bmm with dense batches (the oneDNN primitive path) matches a naive loop") {
  for (Backend be : backends())
    for (const Shape& s : kShapes)
      for (bool tb : {false, true}) {
        INFO(mk::to_string(be) << " M=" << s.M << " K=" << s.K << " N=" << s.N << " transpose_b=" << tb);
        const int64_t batch = 2, ldb = tb ? s.K : s.N;
        const auto A = random_vector(batch * s.M * s.K, 18);
        const auto B = random_vector(batch * s.K * s.N, 19);
        std::vector<float> C(batch * s.M * s.N);
        mk::bmm(batch, A.data(), s.M * s.K, B.data(), s.K * s.N, C.data(), s.M * s.N, s.M, s.N, s.K, s.K, ldb, s.N,
                tb, be);
        for (int64_t i = 0; i < batch; ++i) {
          const float* Bi = B.data() + i * s.K * s.N;
          auto b = [&](int64_t k, int64_t n) { return tb ? Bi[n * ldb + k] : Bi[k * ldb + n]; };
          require_close(C.data() + i * s.M * s.N, s.M, s.N, s.N,
                        naive(A.data() + i * s.M * s.K, s.M, s.K, s.K, b, s.N, nullptr));
        }
      }
}
