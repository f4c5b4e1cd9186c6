// Softmax and log-softmax of one contiguous row: max, exp(x - max) with its sum, scale. Both the
// scalar reference and the SIMD form (float/double, Highway's Exp) follow the same three passes;
// the SIMD sum is lane-wise, so the two differ by rounding only (tests compare each to torch).
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/simd.hpp>

namespace muna::kernels {

template <class T>
void softmax_row_scalar(const T* x, int64_t n, T* out, bool log) {
  T max = -std::numeric_limits<T>::infinity();
  for (int64_t i = 0; i < n; ++i) max = (x[i] > max || std::isnan(x[i])) ? x[i] : max;
  T sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    const T e = std::exp(x[i] - max);
    if (!log) out[i] = e;
    sum += e;
  }
  if (log) {
    const T shift = max + std::log(sum);
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] - shift;
  } else {
    const T inv = T(1) / sum;
    for (int64_t i = 0; i < n; ++i) out[i] *= inv;
  }
}

template <class T>
void softmax_row(const T* x, int64_t n, T* out, bool log) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    if (n >= lanes) {
      // Pass 1: the maximum (NaN propagates through the comparisons of the scalar tail check).
      auto vmax = hn::LoadU(d, x);
      auto nan = hn::IsNaN(vmax);  // not Ne(v, v): Highway compares ordered
      int64_t i = lanes;
      for (; i + lanes <= n; i += lanes) {
        const auto v = hn::LoadU(d, x + i);
        nan = hn::Or(nan, hn::IsNaN(v));
        vmax = hn::Max(vmax, v);
      }
      T max = hn::GetLane(hn::MaxOfLanes(d, vmax));
      for (; i < n; ++i) {
        if (std::isnan(x[i])) nan = hn::Or(nan, hn::FirstN(d, 1));
        max = x[i] > max ? x[i] : max;
      }
      // A row of NaN, or of -inf only (a fully masked attention row), is NaN in torch.
      if (!hn::AllFalse(d, nan) || max == -std::numeric_limits<T>::infinity()) {
        for (int64_t k = 0; k < n; ++k) out[k] = std::numeric_limits<T>::quiet_NaN();
        return;
      }
      // Pass 2: exponentials and their sum; the tail is a masked vector (same arithmetic).
      const auto vm = hn::Set(d, max);
      auto vsum = hn::Zero(d);
      for (i = 0; i + lanes <= n; i += lanes) {
        const auto e = hn::Exp(d, hn::Sub(hn::LoadU(d, x + i), vm));
        if (!log) hn::StoreU(e, d, out + i);
        vsum = hn::Add(vsum, e);
      }
      if (i < n) {
        const auto mask = hn::FirstN(d, static_cast<size_t>(n - i));
        const auto e = hn::IfThenElseZero(mask, hn::Exp(d, hn::Sub(hn::MaskedLoad(mask, d, x + i), vm)));
        if (!log) hn::BlendedStore(e, mask, d, out + i);
        vsum = hn::Add(vsum, e);
      }
      const T sum = hn::GetLane(hn::SumOfLanes(d, vsum));
      // Pass 3: scale (or shift, for log-softmax).
      if (log) {
        const T shift = max + std::log(sum);
        for (int64_t k = 0; k < n; ++k) out[k] = x[k] - shift;
      } else {
        const auto inv = hn::Set(d, T(1) / sum);
        for (i = 0; i + lanes <= n; i += lanes) hn::StoreU(hn::Mul(hn::LoadU(d, out + i), inv), d, out + i);
        for (; i < n; ++i) out[i] *= T(1) / sum;
      }
      return;
    }
  }
  softmax_row_scalar(x, n, out, log);
}

}  // namespace muna::kernels
