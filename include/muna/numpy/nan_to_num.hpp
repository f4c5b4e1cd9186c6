// numpy.nan_to_num: NaN -> nan, +inf -> posinf, -inf -> neginf (defaults: 0, the dtype's
// largest and lowest finite values); a new array (copy=True); integer arrays pass unchanged.
#pragma once
#include <cmath>
#include <limits>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
template <class T, class V>
T replacement(const V& given, T fallback) {
  if constexpr (std::is_same_v<V, NoneType>) return fallback;
  else return static_cast<T>(given);
}
}  // namespace detail

template <class T, class Nan, class Pos, class Neg>
Tensor<T> nan_to_num(const Tensor<T>& x, const Nan& nan, const Pos& posinf, const Neg& neginf) {
  Tensor<T> out = cast<T>(x);
  if constexpr (std::is_floating_point_v<T>) {
    const T n = detail::replacement<T>(nan, T(0));
    const T hi = detail::replacement<T>(posinf, std::numeric_limits<T>::max());
    const T lo = detail::replacement<T>(neginf, std::numeric_limits<T>::lowest());
    T* p = out.data();
    for (int64_t i = 0, size = out.size(); i < size; ++i) {
      if (std::isnan(p[i])) p[i] = n;
      else if (std::isinf(p[i])) p[i] = p[i] > 0 ? hi : lo;
    }
  }
  return out;
}
}  // namespace muna::numpy
