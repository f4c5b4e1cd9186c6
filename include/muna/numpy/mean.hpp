// numpy.mean: the sum (in the result dtype) divided by the count, as NumPy's _mean does.
#pragma once
#include <limits>

#include <muna/numpy/sum.hpp>

namespace muna::numpy {
namespace detail {
template <class R, class T>
Tensor<R> mean_tensor(const Tensor<T>& a, const Axes& axis, bool keepdims) {
  axis.require_in_bounds(a.ndim());
  Tensor<R> total = sum<Tensor<R>>(a, axis, keepdims);
  const int64_t count = total.size() ? a.size() / total.size() : 0;
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i)
    p[i] = count ? p[i] / static_cast<R>(count) : std::numeric_limits<R>::quiet_NaN();
  return total;
}
}  // namespace detail

template <class Out, class T>
Out mean(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::mean_tensor<detail::element_t<Out>>(a, axis, keepdims));
}
}  // namespace muna::numpy
