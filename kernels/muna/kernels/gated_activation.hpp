// The gated MLP's middle step, act(gate) * up, in one pass: Gemma's gelu_tanh(gate) * up and
// LLaMA's silu(gate) * up. torch eager reads and writes the [M, intermediate] tensors four to
// eight times for the same thing (the tanh-GELU alone is six elementwise kernels).
//
// gate, up and out are [rows, cols] with row strides ld_gate, ld_up, ld_out, so gate and up
// can be the two halves of one fused [rows, 2 * cols] projection. out may alias gate or up.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "muna/core/threading.hpp"
#include "muna/kernels/vector_loop.hpp"

namespace muna::kernels {

namespace gated_detail {

// torch's tanh approximation, 0.5 * x * (1 + tanh(u)) with u = sqrt(2/pi) * (x + 0.044715 x^3),
// computed as the identical x / (1 + exp(-2u)): 1 + tanh(u) cancels for negative x, where
// Highway's Tanh (accurate to a few ulp of 1, not of 1 + tanh) loses all relative precision
// (measured: twice the true value at gate = -4.6). The exponent is capped as in Silu.
struct GeluTanh {
  static constexpr float kBeta = 0.7978845608028654f;  // sqrt(2 / pi)
  static constexpr float kKappa = 0.044715f;
  static float scalar(float x) {
    const float u = kBeta * (x + kKappa * (x * x * x));
    return x / (1.0f + std::exp(std::min(-2.0f * u, 88.0f)));
  }
  template <class D, class V>
  static HWY_INLINE V simd(D d, V x) {
    const auto cube = hn::Mul(hn::Mul(x, x), x);
    const auto u = hn::Mul(hn::Set(d, kBeta), hn::Add(x, hn::Mul(hn::Set(d, kKappa), cube)));
    const auto e = hn::Exp(d, hn::Min(hn::Mul(hn::Set(d, -2.0f), u), hn::Set(d, 88.0f)));
    return hn::Div(x, hn::Add(hn::Set(d, 1.0f), e));
  }
};

// x * sigmoid(x) = x / (1 + exp(-x)). The exponent is capped at 88 (exp(88) is near FLT_MAX)
// because Highway's Exp is only specified up to that; beyond it the result is ~-0 either way.
struct Silu {
  static float scalar(float x) { return x / (1.0f + std::exp(std::min(-x, 88.0f))); }
  template <class D, class V>
  static HWY_INLINE V simd(D d, V x) {
    const auto e = hn::Exp(d, hn::Min(hn::Neg(x), hn::Set(d, 88.0f)));
    return hn::Div(x, hn::Add(hn::Set(d, 1.0f), e));
  }
};

template <class Act>
void gated_reference(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out, int64_t ld_out,
                     int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) out[r * ld_out + c] = Act::scalar(gate[r * ld_gate + c]) * up[r * ld_up + c];
}

template <class Act>
void gated(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out, int64_t ld_out,
           int64_t rows, int64_t cols) {
  if (cols <= 0) return;
  // Chunks of >= 16 K elements (a few microseconds with the exp): waking a thread costs about that.
  parallel_for(0, rows, std::max<int64_t>(1, 16384 / cols), [&](int64_t lo, int64_t hi) {
    const Full<float> d;
    for (int64_t r = lo; r < hi; ++r) {
      const float* g = gate + r * ld_gate;
      const float* u = up + r * ld_up;
      float* o = out + r * ld_out;
      for_each_vector(d, static_cast<size_t>(cols),
                      [&](auto at) { at.store(d, hn::Mul(Act::simd(d, at.load(d, g)), at.load(d, u)), o); });
    }
  });
}

}  // namespace gated_detail

inline void gelu_tanh_mul(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out,
                          int64_t ld_out, int64_t rows, int64_t cols) {
  gated_detail::gated<gated_detail::GeluTanh>(gate, ld_gate, up, ld_up, out, ld_out, rows, cols);
}
inline void gelu_tanh_mul_reference(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out,
                                    int64_t ld_out, int64_t rows, int64_t cols) {
  gated_detail::gated_reference<gated_detail::GeluTanh>(gate, ld_gate, up, ld_up, out, ld_out, rows, cols);
}
inline void silu_mul(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out, int64_t ld_out,
                     int64_t rows, int64_t cols) {
  gated_detail::gated<gated_detail::Silu>(gate, ld_gate, up, ld_up, out, ld_out, rows, cols);
}
inline void silu_mul_reference(const float* gate, int64_t ld_gate, const float* up, int64_t ld_up, float* out,
                               int64_t ld_out, int64_t rows, int64_t cols) {
  gated_detail::gated_reference<gated_detail::Silu>(gate, ld_gate, up, ld_up, out, ld_out, rows, cols);
}

}  // namespace muna::kernels
