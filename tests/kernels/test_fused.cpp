// The fused kernels' SIMD paths against their scalar references, at lengths around the vector
// width (the tail policy), with row strides, aliasing and different thread counts. The torch
// comparison lives in test_fused_torch.py.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include <muna/kernels/gated_activation.hpp>
#include <muna/kernels/rms_norm.hpp>
#include <muna/kernels/rotary.hpp>
#include <muna/kernels/masked_softmax.hpp>

namespace mk = muna::kernels;

namespace {

std::vector<float> random_vector(size_t n, unsigned seed, float scale = 3.0f) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> dist(0.0f, scale);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

// SIMD and scalar differ only in summation order and in Highway's Exp/Tanh (<= 4 ulp), so a few
// ulp relative plus a tiny absolute floor for values near zero.
void require_close(const std::vector<float>& got, const std::vector<float>& want, float rtol = 2e-6f,
                   float atol = 1e-7f) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("at " << i << " got " << got[i] << " want " << want[i]);
    if (std::isnan(want[i])) {
      REQUIRE(std::isnan(got[i]));
    } else {
      REQUIRE(std::abs(got[i] - want[i]) <= atol + rtol * std::abs(want[i]));
    }
  }
}

// 1..40 covers every tail length for 4-, 8- and 16-lane vectors; the rest are model sizes.
const int64_t kLengths[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 40, 64, 100, 256, 768, 1153};

}  // namespace

TEST_CASE("rms_norm SIMD matches its scalar reference, Gemma (1 + w) and plain w, strided and in place") {
  for (int64_t cols : kLengths)
    for (float offset : {1.0f, 0.0f}) {
      INFO("cols=" << cols << " offset=" << offset);
      const int64_t rows = 5, ld = cols + 3;
      const auto x = random_vector(rows * ld, 1);
      const auto w = random_vector(cols, 2, 0.5f);
      std::vector<float> simd = x, ref = x;  // the padding between rows must stay untouched
      mk::rms_norm(x.data(), ld, w.data(), simd.data(), ld, rows, cols, 1e-6f, offset);
      mk::rms_norm_reference(x.data(), ld, w.data(), ref.data(), ld, rows, cols, 1e-6f, offset);
      require_close(simd, ref, 4e-6f);
      std::vector<float> inplace = x;
      mk::rms_norm(inplace.data(), ld, w.data(), inplace.data(), ld, rows, cols, 1e-6f, offset);
      require_close(inplace, simd, 0.0f, 0.0f);
    }
}

TEST_CASE("gelu_tanh_mul and silu_mul SIMD match their scalar references, over the whole input range") {
  for (int64_t cols : kLengths) {
    INFO("cols=" << cols);
    const int64_t rows = 3, ld = 2 * cols;  // gate and up as the halves of one fused projection
    auto gu = random_vector(rows * ld, 3);
    gu[0] = -100.0f;  // saturated tails of tanh and exp
    gu[rows * ld - 1] = 100.0f;
    std::vector<float> simd(rows * cols), ref(rows * cols);
    mk::gelu_tanh_mul(gu.data(), ld, gu.data() + cols, ld, simd.data(), cols, rows, cols);
    mk::gelu_tanh_mul_reference(gu.data(), ld, gu.data() + cols, ld, ref.data(), cols, rows, cols);
    // Both forms are x / (1 + exp(...)): Highway's Exp vs libm's, a few ulp relative; where the
    // result underflows towards 0 the exponent's own rounding dominates, hence the atol.
    require_close(simd, ref, 4e-6f, 1e-7f);
    mk::silu_mul(gu.data(), ld, gu.data() + cols, ld, simd.data(), cols, rows, cols);
    mk::silu_mul_reference(gu.data(), ld, gu.data() + cols, ld, ref.data(), cols, rows, cols);
    require_close(simd, ref, 4e-6f, 1e-7f);
  }
}

TEST_CASE("softmax SIMD matches its scalar reference with no mask, additive, boolean and broadcast masks") {
  for (int64_t cols : kLengths) {
    INFO("cols=" << cols);
    const int64_t rows = 6, ld = cols + 1;
    const auto x = random_vector(rows * ld, 4);
    const auto add = random_vector(rows * cols, 5);
    std::vector<uint8_t> keep(rows * cols);
    std::mt19937 gen(6);
    for (auto& k : keep) k = gen() % 4 != 0;
    keep[0] = 1;  // row 0 keeps something; row 1 keeps nothing: NaN, as in torch
    std::fill_n(keep.begin() + cols, cols, 0);
    for (int variant = 0; variant < 4; ++variant) {
      INFO("mask variant " << variant);
      mk::SoftmaxMask mask;
      if (variant == 1) mask = {add.data(), cols, nullptr, 0};
      if (variant == 2) mask = {nullptr, 0, keep.data(), cols};
      if (variant == 3) mask = {add.data(), 0, keep.data(), 0};  // one mask row for all rows
      std::vector<float> simd(rows * ld), ref(rows * ld);
      mk::masked_softmax(x.data(), ld, simd.data(), ld, rows, cols, 0.0625f, mask);
      mk::masked_softmax_reference(x.data(), ld, ref.data(), ld, rows, cols, 0.0625f, mask);
      require_close(simd, ref, 4e-6f, 1e-8f);
      if (variant == 2)
        for (int64_t c = 0; c < cols; ++c) REQUIRE(std::isnan(simd[ld + c]));
    }
  }
}

TEST_CASE("apply_rotary SIMD matches its scalar reference over heads with strides") {
  for (int64_t half : {1, 3, 8, 16, 17, 64, 128}) {
    INFO("head_dim=" << 2 * half);
    const int64_t tokens = 9, heads = 3, head_dim = 2 * half, ld_head = head_dim + 2, ld_token = heads * ld_head + 5;
    std::vector<int64_t> pos(tokens);
    for (int64_t t = 0; t < tokens; ++t) pos[t] = t * 250;  // up to 2000: large angles
    std::vector<float> cos(tokens * half), sin(tokens * half);
    mk::rope_tables(pos.data(), tokens, head_dim, 10000.0f, cos.data(), sin.data());
    auto simd = random_vector(tokens * ld_token, 7);
    auto ref = simd;
    mk::apply_rotary(simd.data(), tokens, heads, head_dim, ld_token, ld_head, cos.data(), sin.data());
    mk::apply_rotary_reference(ref.data(), tokens, heads, head_dim, ld_token, ld_head, cos.data(), sin.data());
    require_close(simd, ref, 1e-6f, 1e-6f);
  }
  std::vector<float> x(6);
  const int64_t p = 0;
  REQUIRE_THROWS_AS(mk::rope_tables(&p, 1, 3, 10000.0f, x.data(), x.data()), muna::ValueError);
  REQUIRE_THROWS_AS(mk::apply_rotary(x.data(), 1, 1, 3, 3, 3, x.data(), x.data()), muna::ValueError);
}

TEST_CASE("rope_tables: position 0 is the identity and angles follow theta^(-2i/d)") {
  const int64_t pos[] = {0, 1, 7};
  std::vector<float> cos(3 * 4), sin(3 * 4);
  mk::rope_tables(pos, 3, 8, 10000.0f, cos.data(), sin.data());
  for (int i = 0; i < 4; ++i) {
    REQUIRE(cos[i] == 1.0f);
    REQUIRE(sin[i] == 0.0f);
    for (int t = 1; t < 3; ++t) {
      const double angle = pos[t] * std::pow(10000.0, -2.0 * i / 8.0);
      REQUIRE(std::abs(cos[t * 4 + i] - std::cos(angle)) < 1e-6);
      REQUIRE(std::abs(sin[t * 4 + i] - std::sin(angle)) < 1e-6);
    }
  }
}

TEST_CASE("fused kernels give the same result at every thread count") {
  const int saved = muna::num_threads();
  const int64_t rows = 512, cols = 300;  // large enough to be split across threads
  const auto x = random_vector(rows * cols, 8);
  const auto w = random_vector(cols, 9, 0.5f);
  std::vector<std::vector<float>> outs;
  for (int threads : {1, 2, 3}) {
    muna::set_num_threads(threads);
    std::vector<float> y(rows * cols), s(rows * cols), g(rows * cols);
    mk::rms_norm(x.data(), cols, w.data(), y.data(), cols, rows, cols, 1e-6f, 1.0f);
    mk::masked_softmax(x.data(), cols, s.data(), cols, rows, cols, 1.0f);
    mk::gelu_tanh_mul(x.data(), cols, x.data(), cols, g.data(), cols, rows, cols);
    y.insert(y.end(), s.begin(), s.end());
    y.insert(y.end(), g.begin(), g.end());
    outs.push_back(y);
  }
  muna::set_num_threads(saved);
  // Rows are independent, so the split changes nothing, bit for bit.
  require_close(outs[1], outs[0], 0.0f, 0.0f);
  require_close(outs[2], outs[0], 0.0f, 0.0f);
}
