// Softmax over each row of scores, fused with its scale and mask, in fp32:
//   y = softmax(x * scale + add_mask, dim=-1), with -inf wherever keep_mask is 0
// which is torch.softmax(scores * scale + mask) and masked_fill(~keep, -inf) in one kernel
// (three passes over a row that stays in cache, where torch eager makes one over memory for
// each of mul, add, masked_fill and softmax itself).
//
// Each mask is optional (nullptr) and has its own row stride; a stride of 0 uses one mask row
// for every row, as attention masks broadcast over queries. keep_mask follows torch's boolean
// attention-mask convention: nonzero means "take part". A row with nothing to attend to comes
// out NaN, as it does in torch. y may alias x.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "muna/core/threading.hpp"
#include "muna/kernels/vector_loop.hpp"

namespace muna::kernels {

struct SoftmaxMask {
  const float* add = nullptr;  // additive mask, e.g. 0 / -inf, or ALiBi-style biases
  int64_t ld_add = 0;
  const uint8_t* keep = nullptr;  // boolean mask, nonzero = attend
  int64_t ld_keep = 0;
};

namespace softmax_detail {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// x * scale, then + mask: two roundings, in torch's order.
inline float masked_score(const float* x, int64_t c, float scale, const float* add, const uint8_t* keep) {
  if (keep && !keep[c]) return kNegInf;
  const float z = x[c] * scale;
  return add ? z + add[c] : z;
}

inline bool all_masked(float row_max) { return row_max == kNegInf; }

inline void fill_nan(float* y, int64_t cols) { std::fill_n(y, cols, std::numeric_limits<float>::quiet_NaN()); }

}  // namespace softmax_detail

inline void masked_softmax_reference(const float* x, int64_t ldx, float* y, int64_t ldy, int64_t rows, int64_t cols,
                              float scale, const SoftmaxMask& mask = {}) {
  using namespace softmax_detail;
  for (int64_t r = 0; r < rows; ++r) {
    const float* add = mask.add ? mask.add + r * mask.ld_add : nullptr;
    const uint8_t* keep = mask.keep ? mask.keep + r * mask.ld_keep : nullptr;
    float* yr = y + r * ldy;
    float row_max = kNegInf;
    for (int64_t c = 0; c < cols; ++c) {
      yr[c] = masked_score(x + r * ldx, c, scale, add, keep);
      row_max = std::max(row_max, yr[c]);
    }
    if (all_masked(row_max)) {
      fill_nan(yr, cols);
      continue;
    }
    float sum = 0.0f;
    for (int64_t c = 0; c < cols; ++c) sum += (yr[c] = std::exp(yr[c] - row_max));
    const float inv = 1.0f / sum;
    for (int64_t c = 0; c < cols; ++c) yr[c] *= inv;
  }
}

inline void masked_softmax(const float* x, int64_t ldx, float* y, int64_t ldy, int64_t rows, int64_t cols, float scale,
                    const SoftmaxMask& mask = {}) {
  using namespace softmax_detail;
  if (cols <= 0) return;
  // Chunks of >= 16 K scores (a few microseconds): waking a second thread costs about that.
  parallel_for(0, rows, std::max<int64_t>(1, 16384 / cols), [&](int64_t lo, int64_t hi) {
    const Full<float> d;
    const hn::Rebind<uint8_t, Full<float>> d8;
    const hn::Rebind<uint32_t, Full<float>> d32;
    const size_t n = static_cast<size_t>(cols);
    const auto vscale = hn::Set(d, scale);
    const auto neg_inf = hn::Set(d, kNegInf);
    for (int64_t r = lo; r < hi; ++r) {
      const float* xr = x + r * ldx;
      const float* add = mask.add ? mask.add + r * mask.ld_add : nullptr;
      const uint8_t* keep = mask.keep ? mask.keep + r * mask.ld_keep : nullptr;
      float* yr = y + r * ldy;

      auto vmax = neg_inf;
      for_each_vector(d, n, [&](auto at) {
        auto z = hn::Mul(at.load(d, xr), vscale);
        if (add) z = hn::Add(z, at.load(d, add));
        if (keep) {
          const auto k = hn::PromoteTo(d32, at.load_other(d8, keep));
          z = hn::IfThenElse(hn::RebindMask(d, hn::Ne(k, hn::Zero(d32))), z, neg_inf);
        }
        at.store(d, z, yr);
        vmax = hn::Max(vmax, at.inside_or(z, neg_inf));
      });
      const float row_max = max_lanes(d, vmax);
      if (all_masked(row_max)) {
        fill_nan(yr, cols);
        continue;
      }

      const auto vrow_max = hn::Set(d, row_max);
      auto vsum = hn::Zero(d);
      for_each_vector(d, n, [&](auto at) {
        const auto e = hn::Exp(d, hn::Sub(at.load(d, yr), vrow_max));
        at.store(d, e, yr);
        vsum = hn::Add(vsum, at.inside_or(e, hn::Zero(d)));
      });

      const auto inv = hn::Set(d, 1.0f / sum_lanes(d, vsum));
      for_each_vector(d, n, [&](auto at) { at.store(d, hn::Mul(at.load(d, yr), inv), yr); });
    }
  });
}

}  // namespace muna::kernels
