// numpy.var with ddof, following NumPy's _var step for step: mean with keepdims, deviations,
// squares, sum, divide by max(n - ddof, 0).
#pragma once
#include <algorithm>
#include <limits>

#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/numpy/mean.hpp>

namespace muna::numpy {
namespace detail {
template <class R, class T>
Tensor<R> var_tensor(const Tensor<T>& a, const Axes& axis, int64_t ddof, bool keepdims) {
  Tensor<R> x = cast<R>(a);
  Tensor<R> centre = mean_tensor<R>(x, axis, true);
  Tensor<R> deviation = apply_binary<kernels::Subtract>(x, centre);
  Tensor<R> squares = apply_binary<kernels::Multiply>(deviation, deviation);
  Tensor<R> total = sum<Tensor<R>>(squares, axis, keepdims);
  const int64_t count = total.size() ? a.size() / total.size() : 0;
  const int64_t dof = std::max<int64_t>(count - ddof, 0);
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i)
    p[i] = dof ? p[i] / static_cast<R>(dof) : std::numeric_limits<R>::quiet_NaN();
  return total;
}
}  // namespace detail

template <class Out, class T>
Out var(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  return detail::finish<Out>(detail::var_tensor<detail::element_t<Out>>(a, axis, ddof, keepdims));
}
}  // namespace muna::numpy
