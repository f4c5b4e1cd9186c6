// numpy.nansum: NaN replaced by zero, then numpy.sum (NumPy's own two steps, same order).
#pragma once
#include <cmath>

#include <muna/numpy/sum.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> nan_to_zero(const Tensor<T>& a) {
  if constexpr (!std::is_floating_point_v<T>) {
    return a;
  } else {
    Tensor<T> out = cast<T>(a);
    T* p = out.data();
    for (int64_t i = 0, n = out.size(); i < n; ++i) if (std::isnan(p[i])) p[i] = T(0);
    return out;
  }
}

// nansum of float rows that are contiguous: NaN read as 0 on the way, no copy (fused_row_sums).
template <class R, class T>
bool fused_nansum(const Tensor<T>& a, const Axes& axis, bool keepdims, Tensor<R>& total) {
  if constexpr (std::is_same_v<R, T>) {
    return fused_row_sums(a, axis, keepdims, total, [](int64_t) { return kernels::NanToZero{}; });
  } else {
    return false;
  }
}
}  // namespace detail

template <class Out, class T>
Out nansum(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  if (Tensor<R> total; detail::fused_nansum(a, axis, keepdims, total)) return detail::finish<Out>(total);
  return sum<Out>(detail::nan_to_zero(a), axis, keepdims);
}
}  // namespace muna::numpy
