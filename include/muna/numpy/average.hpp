// numpy.average with weights: sum(a * w) / sum(w) along the axes, in the result dtype R the
// compiler chose (NumPy's result_type(a, w, float64 for integers)). Weights are either a's shape
// or 1-d with the length of the (single) axis, as NumPy allows.
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/core/none.hpp>
#include <muna/numpy/mean.hpp>
#include <muna/numpy/sum.hpp>

namespace muna::numpy {
// Without weights: numpy.mean, and NumPy's ZeroDivisionError when the result is empty (it
// divides a.size by the result's size).
template <class Out, class T>
Out average(const Tensor<T>& a, NoneType, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  Tensor<R> result = detail::mean_tensor<R>(a, axis, keepdims);
  if (result.size() == 0) throw ZeroDivisionError("division by zero");
  return detail::finish<Out>(result);
}

template <class Out, class R>
Out average(const Tensor<R>& a, const Tensor<R>& weights, const Axes& axis = None,
            bool keepdims = false) {
  Tensor<R> w = weights;
  if (a.shape() != weights.shape()) {
    if (weights.ndim() != 1) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    const std::vector<bool> reduced = axis.mask(a.ndim());
    int64_t along = -1, count = 0;
    for (int64_t i = 0; i < a.ndim(); ++i) if (reduced[i]) { along = i; ++count; }
    if (count != 1) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    if (weights.shape()[0] != a.shape()[along])
      throw ValueError("Length of weights not compatible with specified axis.");
    Shape shape(a.ndim(), 1), strides(a.ndim(), 0);
    shape[along] = weights.shape()[0];
    strides[along] = weights.strides()[0];
    w = weights.with_layout(shape, strides);
  }
  Tensor<R> scale = sum<Tensor<R>>(w.shape() == a.shape() ? w : detail::apply_binary<kernels::Multiply>(
      w, Tensor<R>::full(a.shape(), R(1))), axis, keepdims);
  Tensor<R> total = sum<Tensor<R>>(detail::apply_binary<kernels::Multiply>(a, w), axis, keepdims);
  for (int64_t i = 0, n = scale.size(); i < n; ++i) {
    if (scale.data()[i] == R(0)) throw ZeroDivisionError("Weights sum to zero, can't be normalized");
    total.data()[i] /= scale.data()[i];
  }
  return detail::finish<Out>(total);
}
}  // namespace muna::numpy
