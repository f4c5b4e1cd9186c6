// RMSNorm over the last dimension, in fp32:
//   y = x * rsqrt(mean(x^2) + eps) * (weight_offset + weight)
// weight_offset is 1 for Gemma (its stored weights are offsets from 1) and 0 for the usual
// RMSNorm (LLaMA, T5). One read of x for the sum of squares and one read/write for the scale,
// where torch eager makes a pass for each of pow, mean, add, rsqrt, mul, add and mul.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "muna/core/threading.hpp"
#include "muna/kernels/vector_loop.hpp"

namespace muna::kernels {

namespace rms_norm_detail {

// The multiplication order follows torch (x * rsqrt first, then the weight) so that rounding
// matches the unfused expression.
inline float scale_one(float x, float inv_rms, float weight, float weight_offset) {
  return (x * inv_rms) * (weight_offset + weight);
}

inline float inv_rms(float sum_squares, int64_t cols, float eps) {
  return 1.0f / std::sqrt(sum_squares / static_cast<float>(cols) + eps);
}

}  // namespace rms_norm_detail

// Rows of x and y are ldx and ldy floats apart; y may alias x (same pointer and stride).
inline void rms_norm_reference(const float* x, int64_t ldx, const float* weight, float* y, int64_t ldy, int64_t rows,
                               int64_t cols, float eps, float weight_offset) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* xr = x + r * ldx;
    float sum = 0.0f;
    for (int64_t c = 0; c < cols; ++c) sum += xr[c] * xr[c];
    const float inv = rms_norm_detail::inv_rms(sum, cols, eps);
    for (int64_t c = 0; c < cols; ++c) y[r * ldy + c] = rms_norm_detail::scale_one(xr[c], inv, weight[c], weight_offset);
  }
}

inline void rms_norm(const float* x, int64_t ldx, const float* weight, float* y, int64_t ldy, int64_t rows,
                     int64_t cols, float eps, float weight_offset) {
  if (cols <= 0) return;
  // Chunks of >= 32 K elements (a few microseconds): waking a second thread costs about that.
  parallel_for(0, rows, std::max<int64_t>(1, 32768 / cols), [&](int64_t lo, int64_t hi) {
    const Full<float> d;
    const size_t n = static_cast<size_t>(cols);
    const auto offset = hn::Set(d, weight_offset);
    for (int64_t r = lo; r < hi; ++r) {
      const float* xr = x + r * ldx;
      float* yr = y + r * ldy;
      auto acc = hn::Zero(d);
      for_each_vector(d, n, [&](auto at) {
        const auto v = at.load(d, xr);  // masked-off lanes load as 0 and add nothing
        acc = hn::MulAdd(v, v, acc);
      });
      const auto inv = hn::Set(d, rms_norm_detail::inv_rms(sum_lanes(d, acc), cols, eps));
      for_each_vector(d, n, [&](auto at) {
        const auto w = hn::Add(offset, at.load(d, weight));
        at.store(d, hn::Mul(hn::Mul(at.load(d, xr), inv), w), yr);
      });
    }
  });
}

}  // namespace muna::kernels
