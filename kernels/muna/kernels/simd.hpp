// The SIMD abstraction every muna kernel is written against: Highway with static dispatch, so
// the target is whatever the library is compiled for (-march=...); kernels stay width-agnostic.
#pragma once
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

}  // namespace muna::kernels
