// Row reductions over contiguous memory, each with NumPy's evaluation order so results match
// NumPy bit for bit where NumPy's order is defined.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// The transform of pairwise_sum(x, n): none, x itself is added.
struct Identity {};

// NumPy's pairwise summation (numpy/core/src/umath/loops_utils.h.src, pairwise_sum): fewer than
// 8 elements are added in order; blocks of up to 128 use 8 interleaved accumulators combined as
// ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)); longer rows split in halves (a multiple of 8) and recurse.
// The 8 accumulators are one 8-lane vector, so the SIMD form has exactly NumPy's rounding.
// `f` (scalar(v) and simd(d, v)) transforms each element as it is read: the sum of f(x) in the
// order NumPy sums an array holding f(x), without that array.
template <class T, class F = Identity>
T pairwise_sum(const T* x, int64_t n, const F& f = F()) {
  if constexpr (!std::is_same_v<F, Identity>) {
    if (n <= 128) {
      // A leaf: f(x) is written out and summed from memory, so each f(x) is rounded to T before
      // it is added, as NumPy's array of f(x) is; in registers g++ (whose C++ default is
      // -ffp-contract=fast) would fuse a final product of f into the addition as an FMA.
      T fx[128];
      const hn::CappedTag<T, 8> d;
      int64_t i = 0;
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
        for (const int64_t lanes = hn::Lanes(d); i + lanes <= n; i += lanes)
          hn::StoreU(f.simd(d, hn::LoadU(d, x + i)), d, fx + i);
      for (; i < n; ++i) fx[i] = f.scalar(x[i]);
      return pairwise_sum(fx, n);
    }
  }
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
  return pairwise_sum(x, half, f) + pairwise_sum(x + half, n - half, f);
}

// NaN as +0, numpy.nansum's replacement before it sums.
struct NanToZero {
  template <class T> static T scalar(T v) { return std::isnan(v) ? T(0) : v; }
  template <class D, class V> static V simd(D, V v) { return hn::IfThenZeroElse(hn::IsNaN(v), v); }
};

// (v - centre)^2, rounded after the subtraction and after the product as NumPy's
// subtract-then-multiply does (pairwise_sum keeps the product out of an FMA).
template <class T>
struct SquaredDeviation {
  T centre;
  T scalar(T v) const {
    const T dv = v - centre;
    return dv * dv;
  }
  template <class D, class V>
  V simd(D d, V v) const {
    const V dv = hn::Sub(v, hn::Set(d, centre));
    return hn::Mul(dv, dv);
  }
};

// numpy.nanvar's deviations: (v - centre)^2 as SquaredDeviation, 0 where v is NaN.
template <class T>
struct NanSquaredDeviation {
  T centre;
  T scalar(T v) const { return std::isnan(v) ? T(0) : SquaredDeviation<T>{centre}.scalar(v); }
  template <class D, class V>
  V simd(D d, V v) const {
    return hn::IfThenZeroElse(hn::IsNaN(v), SquaredDeviation<T>{centre}.simd(d, v));
  }
};

// Index of the first element equal to `target` (or the first NaN when target is NaN) in x[0, n);
// n when there is none.
template <class T>
int64_t first_index_of(const T* x, int64_t n, T target) {
  int64_t i = 0;
  const bool nan = std::isnan(static_cast<double>(target));
  if constexpr (std::is_floating_point_v<T>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    const auto want = hn::Set(d, target);
    for (; i + lanes <= n; i += lanes) {
      const auto v = hn::LoadU(d, x + i);
      const auto hit = nan ? hn::IsNaN(v) : hn::Eq(v, want);
      if (!hn::AllFalse(d, hit)) return i + static_cast<int64_t>(hn::FindFirstTrue(d, hit));
    }
    for (; i < n; ++i)
      if (nan ? std::isnan(x[i]) : x[i] == target) return i;
  } else {
    for (; i < n; ++i)
      if (x[i] == target) return i;
  }
  return n;
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

// Maximum / minimum ignoring NaN (numpy.nanmax): NaN only when every element is NaN. From the
// first non-NaN element on, NaN lanes become -inf (+inf for the minimum), which never wins: a
// select off the accumulators' dependency chains, so four accumulators run at load speed.
template <bool IsMax, class T>
T nan_extremum(const T* x, int64_t n) {
  int64_t i = 0;
  if constexpr (std::is_floating_point_v<T>) {
    while (i < n && std::isnan(x[i])) ++i;
    if (i == n) return std::numeric_limits<T>::quiet_NaN();
  }
  T best = x[i];
  ++i;
  if constexpr (std::is_floating_point_v<T>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    if (n - i >= 4 * lanes) {
      const auto never = hn::Set(d, IsMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity());
      auto pick = [&](auto a, auto v) {
        const auto number = hn::IfThenElse(hn::IsNaN(v), never, v);
        return IsMax ? hn::Max(a, number) : hn::Min(a, number);
      };
      auto a0 = hn::Set(d, best), a1 = a0, a2 = a0, a3 = a0;
      for (; i + 4 * lanes <= n; i += 4 * lanes) {
        a0 = pick(a0, hn::LoadU(d, x + i));
        a1 = pick(a1, hn::LoadU(d, x + i + lanes));
        a2 = pick(a2, hn::LoadU(d, x + i + 2 * lanes));
        a3 = pick(a3, hn::LoadU(d, x + i + 3 * lanes));
      }
      const auto acc = IsMax ? hn::Max(hn::Max(a0, a1), hn::Max(a2, a3)) : hn::Min(hn::Min(a0, a1), hn::Min(a2, a3));
      best = IsMax ? hn::GetLane(hn::MaxOfLanes(d, acc)) : hn::GetLane(hn::MinOfLanes(d, acc));
    }
  }
  for (; i < n; ++i) {
    const T v = x[i];
    if (IsMax ? v > best : v < best) best = v;  // NaN compares false: skipped
  }
  return best;
}


// How many of x[0, n) are NaN.
template <class T>
int64_t count_nan(const T* x, int64_t n) {
  int64_t count = 0, i = 0;
  if constexpr (std::is_floating_point_v<T>) {
    const Full<T> d;
    const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
    for (; i + lanes <= n; i += lanes) count += static_cast<int64_t>(hn::CountTrue(d, hn::IsNaN(hn::LoadU(d, x + i))));
    for (; i < n; ++i) count += std::isnan(x[i]);
  }
  return count;
}

// Index of the first maximum / minimum (numpy.argmax): the first NaN wins, as in NumPy. One
// vectorised pass over blocks that stay in L1: each block's extremum (NaN if it holds one); the
// first block strictly better than all before it holds the first extreme element, so only that
// block is searched again, instead of a second pass over the whole row.
template <bool IsMax, class T>
int64_t arg_extremum(const T* x, int64_t n) {
  constexpr int64_t kBlock = 4096;
  int64_t best_at = 0;
  T best = x[0];
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t len = std::min(kBlock, n - b);
    const T m = extremum<IsMax>(x + b, len);
    if constexpr (std::is_floating_point_v<T>)
      if (std::isnan(m)) return b + first_index_of(x + b, len, m);
    if (b == 0 || (IsMax ? m > best : m < best)) {
      best = m;
      best_at = b;
    }
  }
  return best_at + first_index_of(x + best_at, std::min(kBlock, n - best_at), best);
}

}  // namespace muna::kernels
