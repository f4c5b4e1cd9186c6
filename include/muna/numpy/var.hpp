// numpy.var with ddof, following NumPy's _var step for step: mean with keepdims, deviations,
// squares, sum, divide by max(n - ddof, 0).
#pragma once
#include <algorithm>
#include <limits>

#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/numpy/mean.hpp>

namespace muna::numpy {
// U is the result dtype the compiler chose (NumPy's rules); void means T.
template <class U = void, class T, class R = std::conditional_t<std::is_void_v<U>, T, U>>
Tensor<R> var(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0,
              bool keepdims = false) {
  Tensor<R> x = cast<R>(a);
  Tensor<R> centre = mean<R>(x, axis, true);
  Tensor<R> deviation = detail::apply_binary<kernels::Subtract>(x, centre);
  Tensor<R> squares = detail::apply_binary<kernels::Multiply>(deviation, deviation);
  Tensor<R> total = sum<R>(squares, axis, keepdims);
  const int64_t count = total.size() ? a.size() / total.size() : 0;
  const int64_t dof = std::max<int64_t>(count - ddof, 0);
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i)
    p[i] = dof ? p[i] / static_cast<R>(dof) : std::numeric_limits<R>::quiet_NaN();
  return total;
}
}  // namespace muna::numpy
