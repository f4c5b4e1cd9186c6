// Row reductions over contiguous memory, each with NumPy's evaluation order so results match
// NumPy bit for bit where NumPy's order is defined.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// NumPy's pairwise summation (numpy/core/src/umath/loops_utils.h.src, pairwise_sum): fewer than
// 8 elements are added in order; blocks of up to 128 use 8 interleaved accumulators combined as
// ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)); longer rows split in halves (a multiple of 8) and recurse.
// The 8 accumulators are one 8-lane vector, so the SIMD form has exactly NumPy's rounding.
template <class T>
T pairwise_sum(const T* x, int64_t n) {
  if (n < 8) {
    // NumPy starts from -0.0 so that a sum of -0.0 values stays -0.0.
    T sum = static_cast<T>(-0.0);
    for (int64_t i = 0; i < n; ++i) sum += x[i];
    return sum;
  }
  if (n <= 128) {
    T r[8];
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const hn::CappedTag<T, 8> d;
      if (hn::Lanes(d) == 8) {
        auto acc = hn::LoadU(d, x);
        int64_t i = 8;
        for (; i + 8 <= n; i += 8) acc = hn::Add(acc, hn::LoadU(d, x + i));
        hn::StoreU(acc, d, r);
        T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += x[i];
        return res;
      }
    }
    for (int k = 0; k < 8; ++k) r[k] = x[k];
    int64_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (int k = 0; k < 8; ++k) r[k] += x[i + k];
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += x[i];
    return res;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return pairwise_sum(x, half) + pairwise_sum(x + half, n - half);
}

// Maximum / minimum of a row, NaN if any element is NaN (numpy.max propagates NaN). Four
// independent vector accumulators hide the latency of Max/Min; IsNaN (not Ne(v, v): Highway's
// Ne is an ordered compare, false for NaN on x86) collects NaN lanes on the way.
template <bool IsMax, class T>
T extremum(const T* x, int64_t n) {
  T best = x[0];
  int64_t i = 1;
  if constexpr (std::is_floating_point_v<T>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    if (n >= 4 * lanes) {
      auto pick = [](auto a, auto b) { return IsMax ? hn::Max(a, b) : hn::Min(a, b); };
      auto a0 = hn::LoadU(d, x), a1 = hn::LoadU(d, x + lanes), a2 = hn::LoadU(d, x + 2 * lanes),
           a3 = hn::LoadU(d, x + 3 * lanes);
      auto nan = hn::Or(hn::Or(hn::IsNaN(a0), hn::IsNaN(a1)), hn::Or(hn::IsNaN(a2), hn::IsNaN(a3)));
      for (i = 4 * lanes; i + 4 * lanes <= n; i += 4 * lanes) {
        const auto v0 = hn::LoadU(d, x + i), v1 = hn::LoadU(d, x + i + lanes),
                   v2 = hn::LoadU(d, x + i + 2 * lanes), v3 = hn::LoadU(d, x + i + 3 * lanes);
        nan = hn::Or(nan, hn::Or(hn::Or(hn::IsNaN(v0), hn::IsNaN(v1)), hn::Or(hn::IsNaN(v2), hn::IsNaN(v3))));
        a0 = pick(a0, v0);
        a1 = pick(a1, v1);
        a2 = pick(a2, v2);
        a3 = pick(a3, v3);
      }
      if (!hn::AllFalse(d, nan)) return std::numeric_limits<T>::quiet_NaN();
      const auto acc = pick(pick(a0, a1), pick(a2, a3));
      best = IsMax ? hn::GetLane(hn::MaxOfLanes(d, acc)) : hn::GetLane(hn::MinOfLanes(d, acc));
    }
  }
  for (; i < n; ++i) {
    const T v = x[i];
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(v)) return v;
      if (std::isnan(best)) return best;
    }
    if (IsMax ? v > best : v < best) best = v;
  }
  return best;
}

}  // namespace muna::kernels

namespace muna::kernels {

// Maximum / minimum ignoring NaN (numpy.nanmax): NaN only when every element is NaN.
template <bool IsMax, class T>
T nan_extremum(const T* x, int64_t n) {
  T best = std::numeric_limits<T>::quiet_NaN();
  int64_t i = 0;
  if constexpr (std::is_floating_point_v<T>) {
    while (i < n && std::isnan(x[i])) ++i;
    if (i == n) return best;
  }
  best = x[i];
  for (++i; i < n; ++i) {
    const T v = x[i];
    if (IsMax ? v > best : v < best) best = v;  // NaN compares false: skipped
  }
  return best;
}

// Index of the first maximum / minimum (numpy.argmax): the first NaN wins, as in NumPy. Two
// vectorised passes: the extremum (NaN if any), then the first lane equal to it (or NaN).
template <bool IsMax, class T>
int64_t arg_extremum(const T* x, int64_t n) {
  const T best = extremum<IsMax>(x, n);
  int64_t i = 0;
  if constexpr (std::is_floating_point_v<T>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    const auto target = hn::Set(d, best);
    const bool nan = std::isnan(best);
    for (; i + lanes <= n; i += lanes) {
      const auto v = hn::LoadU(d, x + i);
      const auto hit = nan ? hn::IsNaN(v) : hn::Eq(v, target);
      if (!hn::AllFalse(d, hit)) return i + hn::FindFirstTrue(d, hit);
    }
    for (; i < n; ++i)
      if (nan ? std::isnan(x[i]) : x[i] == best) return i;
  } else {
    for (; i < n; ++i)
      if (x[i] == best) return i;
  }
  return 0;
}

}  // namespace muna::kernels
