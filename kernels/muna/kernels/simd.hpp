// The SIMD abstraction every muna kernel is written against: Highway with static dispatch, so
// the target is whatever the library is compiled for (-march=...); kernels stay width-agnostic.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <hwy/highway.h>

namespace muna::kernels {
namespace hn = hwy::HWY_NAMESPACE;

// Lanes of the widest vector of T on this target.
template <class T>
using Full = hn::ScalableTag<T>;

// Highway vectorises these element types; others (bool, bfloat16, int8) take the scalar path.
template <class T>
constexpr bool simd_type_v = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                             std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>;

// c[0] + c[1] x + ... + c[K-1] x^(K-1) by Horner's rule (K - 1 fused multiply-adds).
template <class D, class T, size_t K>
HWY_INLINE hn::Vec<D> horner(D d, const T (&c)[K], hn::Vec<D> x) {
  auto acc = hn::Set(d, c[K - 1]);
  for (size_t j = K - 1; j-- > 0;) acc = hn::MulAdd(acc, x, hn::Set(d, c[j]));
  return acc;
}

}  // namespace muna::kernels
