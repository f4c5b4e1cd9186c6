// numpy.trapz: sum(d * (y[1:] + y[:-1]) / 2.0, axis) with NumPy's steps: the sum of neighbours in
// y's dtype Y, the product with d (dx, or diff(x) along the axis) in P, the division by 2.0 in
// R, then numpy.sum's order along the axis.
#pragma once
#include <muna/core/none.hpp>
#include <muna/numpy/detail/no_contract.hpp>
#include <muna/numpy/diff.hpp>
#include <muna/numpy/sum.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> slice_axis(const Tensor<T>& a, int64_t axis, int64_t start, int64_t stop) {
  Shape shape = a.shape();
  const int64_t n = shape[static_cast<size_t>(axis)];
  start = std::min(std::max<int64_t>(start, 0), n);
  stop = std::max(std::min(stop, n), start);
  shape[static_cast<size_t>(axis)] = stop - start;
  return a.with_layout(shape, a.strides(), start * a.strides()[static_cast<size_t>(axis)]);
}

MUNA_NO_FP_CONTRACT_BEGIN
// (d * (y1 + y2)) / 2 element-wise, d broadcast (a 0-d d is dx).
template <class P, class R, class Y, class D>
Tensor<R> trapezoids(const Tensor<Y>& y1, const Tensor<Y>& y2, const Tensor<D>& d) {
  const Shape shape = broadcast_shapes(y1.shape(), d.shape());
  const Shape s1 = broadcast_strides(y1.shape(), y1.strides(), shape);
  const Shape s2 = broadcast_strides(y2.shape(), y2.strides(), shape);
  const Shape sd = broadcast_strides(d.shape(), d.strides(), shape);
  Tensor<R> out(shape);
  R* dst = out.data();
  const Shape* strides[3] = {&s1, &s2, &sd};
  for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    const int64_t a = shape.empty() ? 0 : s1.back(), b = shape.empty() ? 0 : s2.back(), c = shape.empty() ? 0 : sd.back();
    for (int64_t i = 0; i < n; ++i) {
      const Y sum = kernels::Add::scalar(y1.data()[off[0] + i * a], y2.data()[off[1] + i * b]);
      const P product = convert_element<P>(d.data()[off[2] + i * c]) * convert_element<P>(sum);
      *dst++ = convert_element<R>(product) / R(2);
    }
  });
  return out;
}
MUNA_NO_FP_CONTRACT_END
}  // namespace detail

// x is None (spacing dx) or the sample points: 1-d along the axis, or y's shape.
template <class Out, class P, class R, class Y, class X>
Out trapz(const Tensor<Y>& y, const X& x, double dx, int64_t axis) {
  axis = normalize_axis(axis, y.ndim());
  const int64_t n = y.shape()[static_cast<size_t>(axis)];
  const Tensor<Y> y1 = detail::slice_axis(y, axis, 1, n), y2 = detail::slice_axis(y, axis, 0, n - 1);
  Tensor<R> parts;
  if constexpr (std::is_same_v<X, NoneType>) {
    parts = detail::trapezoids<P, R>(y1, y2, Tensor<P>::scalar(static_cast<P>(dx)));
  } else {
    using XT = typename X::value_type;
    if (x.ndim() == 1) {
      Tensor<XT> d = diff(x, 1, 0);
      Shape shape(static_cast<size_t>(y.ndim()), 1), strides(static_cast<size_t>(y.ndim()), 0);
      shape[static_cast<size_t>(axis)] = d.shape()[0];
      strides[static_cast<size_t>(axis)] = 1;
      parts = detail::trapezoids<P, R>(y1, y2, d.with_layout(shape, strides));
    } else {
      parts = detail::trapezoids<P, R>(y1, y2, diff(x, 1, axis));
    }
  }
  return sum<Out>(parts, axis, false);
}
}  // namespace muna::numpy
