// numpy.nanquantile and numpy.nanpercentile (method='linear'): numpy.quantile of each row's
// values that are not NaN; NaN for a row of none (and for an empty array, NumPy's nanmean).
#pragma once
#include <algorithm>
#include <limits>

#include <muna/numpy/detail/nan_rows.hpp>
#include <muna/numpy/quantile.hpp>

namespace muna::numpy {
namespace detail {
template <class R>
struct NanQuantileReducer {
  double q;
  bool direct;
  const char* name = nullptr;
  R identity() const { return std::numeric_limits<R>::quiet_NaN(); }
  template <class T>
  R contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  R sequential(const T* x, int64_t n) const {
    std::vector<T> v = non_nan<T>(x, n);
    if (v.empty()) return std::numeric_limits<R>::quiet_NaN();
    std::sort(v.begin(), v.end());
    return quantile_of_sorted<R>(v.data(), static_cast<int64_t>(v.size()), q, direct);
  }
};

template <class R, class T>
Tensor<R> nanquantile_tensor(const Tensor<T>& a, double q, bool direct, const Axes& axis, bool keepdims) {
  axis.require_in_bounds(a.ndim());
  return reduce<R>(a, axis, keepdims, NanQuantileReducer<R>{q, direct});
}
}  // namespace detail

template <class Out, class T>
Out nanquantile(const Tensor<T>& a, double q, double scale, bool direct, const Axes& axis = None,
                bool keepdims = false) {
  q /= scale;
  detail::check_quantile(q, scale);
  return detail::finish<Out>(detail::nanquantile_tensor<detail::element_t<Out>>(a, q, direct, axis, keepdims));
}
template <class Out, class T>
Out nanquantile(const Tensor<T>& a, const Tensor<double>& q, double scale, bool direct, const Axes& axis = None,
                bool keepdims = false) {
  using R = detail::element_t<Out>;
  return detail::stack_over_q<R>(q, scale, [&](double qi) {
    return detail::nanquantile_tensor<R>(a, qi, direct, axis, keepdims);
  });
}
}  // namespace muna::numpy
