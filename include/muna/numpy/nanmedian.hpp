// numpy.nanmedian: the median of each row's values that are not NaN (NaN for a row of none), in
// float64 for integer arrays, as NumPy 1.24. Along an axis of a multi-dimensional array shorter
// than 600, NumPy takes a masked-array median, which halves the sum of the middle value with
// itself for an odd count (so a huge middle value overflows to inf); elsewhere np.median's.
#pragma once
#include <limits>

#include <muna/numpy/detail/nan_rows.hpp>
#include <muna/numpy/median.hpp>

namespace muna::numpy {
namespace detail {
template <class R>
struct NanMedianReducer {
  bool masked_path;
  const char* name = nullptr;
  R identity() const { return std::numeric_limits<R>::quiet_NaN(); }
  template <class T>
  R contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  R sequential(const T* x, int64_t n) const {
    std::vector<R> v = non_nan<R>(x, n);
    if (v.empty()) return std::numeric_limits<R>::quiet_NaN();
    const R m = median_of(v);
    return masked_path && v.size() % 2 == 1 ? (m + m) / R(2) : m;
  }
};
}  // namespace detail

template <class Out, class T>
Out nanmedian(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  axis.require_in_bounds(a.ndim());
  int64_t length = 1, kept = 0;
  const std::vector<bool> reduced = axis.mask(a.ndim());
  for (int64_t d = 0; d < a.ndim(); ++d) {
    if (reduced[static_cast<size_t>(d)]) length *= a.shape()[static_cast<size_t>(d)];
    else ++kept;
  }
  const bool masked = !axis.all() && kept >= 1 && length < 600;
  return detail::finish<Out>(detail::reduce<R>(a, axis, keepdims, detail::NanMedianReducer<R>{masked}));
}
}  // namespace muna::numpy
