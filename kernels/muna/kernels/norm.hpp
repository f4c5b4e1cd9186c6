// Normalisation of one contiguous row (layer norm, group norm): mean and biased variance in two
// passes, then (x - mean) * rstd. The scalar reference and the SIMD form (float) share the pass
// structure; sums are lane-wise in the SIMD form, so they differ by rounding only.
#pragma once
#include <cmath>
#include <cstdint>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// Returns {mean, rstd} of x[0..n) with rstd = 1 / sqrt(var + eps).
template <class T>
void moments_scalar(const T* x, int64_t n, double eps, T& mean, T& rstd) {
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += x[i];
  const double m = sum / static_cast<double>(n);
  double sq = 0;
  for (int64_t i = 0; i < n; ++i) sq += (x[i] - m) * (x[i] - m);
  mean = static_cast<T>(m);
  rstd = static_cast<T>(1.0 / std::sqrt(sq / static_cast<double>(n) + eps));
}

template <class T>
void moments(const T* x, int64_t n, double eps, T& mean, T& rstd) {
  if constexpr (std::is_same_v<T, float>) {
    // Lane sums in double: a float row of thousands of elements keeps float32's precision.
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> df;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
    if (n >= lanes) {
      auto vsum = hn::Zero(dd);
      int64_t i = 0;
      for (; i + lanes <= n; i += lanes) vsum = hn::Add(vsum, hn::PromoteTo(dd, hn::LoadU(df, x + i)));
      double sum = hn::GetLane(hn::SumOfLanes(dd, vsum));
      for (; i < n; ++i) sum += x[i];
      const double m = sum / static_cast<double>(n);
      const auto vm = hn::Set(dd, m);
      auto vsq = hn::Zero(dd);
      for (i = 0; i + lanes <= n; i += lanes) {
        const auto dev = hn::Sub(hn::PromoteTo(dd, hn::LoadU(df, x + i)), vm);
        vsq = hn::MulAdd(dev, dev, vsq);
      }
      double sq = hn::GetLane(hn::SumOfLanes(dd, vsq));
      for (; i < n; ++i) sq += (x[i] - m) * (x[i] - m);
      mean = static_cast<T>(m);
      rstd = static_cast<T>(1.0 / std::sqrt(sq / static_cast<double>(n) + eps));
      return;
    }
  }
  moments_scalar(x, n, eps, mean, rstd);
}

}  // namespace muna::kernels
