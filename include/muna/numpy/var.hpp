// numpy.var with ddof, following NumPy's _var step for step: mean with keepdims, deviations,
// squares, sum, divide by max(n - ddof, 0); the middle three fused where rows are contiguous.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>

#include <muna/kernels/arith.hpp>
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/numpy/mean.hpp>

namespace muna::numpy {
namespace detail {
// NumPy's last step of _var: divide by max(count - ddof, 0), NaN for no degrees of freedom.
template <class R>
void divide_by_dof(Tensor<R>& total, int64_t size, int64_t ddof) {
  const int64_t count = total.size() ? size / total.size() : 0;
  const int64_t dof = std::max<int64_t>(count - ddof, 0);
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i)
    p[i] = dof ? p[i] / static_cast<R>(dof) : std::numeric_limits<R>::quiet_NaN();
}

template <class R, class T>
Tensor<R> var_tensor(const Tensor<T>& a, const Axes& axis, int64_t ddof, bool keepdims) {
  // Only read: the input itself when it already has the result dtype.
  Tensor<R> x;
  if constexpr (std::is_same_v<R, T>) x = a;
  else x = cast<R>(a);
  Tensor<R> centre = mean_tensor<R>(x, axis, true);
  // The squared deviations summed as they are computed where rows are contiguous.
  const auto squared_deviation = [&](int64_t r) { return kernels::SquaredDeviation<R>{centre.data()[r]}; };
  if (Tensor<R> total; fused_row_sums(x, axis, keepdims, total, squared_deviation)) {
    divide_by_dof(total, a.size(), ddof);
    return total;
  }
  Tensor<R> deviation = apply_binary<kernels::Subtract>(x, centre);
  // Squared in place, as NumPy's multiply(x, x, out=x): one temporary, not two (a second
  // large temporary makes malloc return and re-fault the memory on every call).
  R* d = deviation.data();
  for (int64_t i = 0, n = deviation.size(); i < n; ++i) d[i] = d[i] * d[i];
  Tensor<R> total = sum<Tensor<R>>(deviation, axis, keepdims);
  divide_by_dof(total, a.size(), ddof);
  return total;
}

// Element-wise square root in place (std and nanstd from their variances: NumPy's sqrt).
template <class R>
Tensor<R> square_root(Tensor<R> v) {
  R* p = v.data();
  for (int64_t i = 0, n = v.size(); i < n; ++i) p[i] = std::sqrt(p[i]);
  return v;
}
}  // namespace detail

template <class Out, class T>
Out var(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  return detail::finish<Out>(detail::var_tensor<detail::element_t<Out>>(a, axis, ddof, keepdims));
}
}  // namespace muna::numpy
