// numpy.linalg.norm for real arrays, NumPy 1.24's formulas: the 2-norm of the flattened array
// (ord=None, axis=None) as sqrt(dot(x, x)); vector norms along one axis (ord None/2: sqrt of the
// sum of squares, 1: sum of |x|, inf / -inf: max / min |x|, 0: count of nonzeros, other p:
// sum(|x|**p)**(1/p)); matrix norms over two axes (None/'fro', 1, -1, inf, -inf; 2, -2 and
// 'nuc' as the largest, smallest and summed singular values).
#pragma once
#include <cmath>
#include <limits>
#include <string>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/matmul_kernel.hpp>
#include <muna/numpy/max.hpp>
#include <muna/numpy/linalg/detail/matrices.hpp>
#include <muna/numpy/min.hpp>
#include <muna/numpy/sum.hpp>
#include <muna/numpy/transpose.hpp>

namespace muna::numpy::linalg {
namespace detail {
using numpy::detail::element_t;
using numpy::detail::finish;

template <class R, class T>
Tensor<R> map_abs_pow(const Tensor<T>& x, double p) {
  Tensor<R> out = cast<R>(x);
  R* d = out.data();
  for (int64_t i = 0, n = out.size(); i < n; ++i) {
    const R a = std::fabs(d[i]);
    d[i] = p == 2 ? a * a : p == 1 ? a : p == 0 ? R(a != 0) : static_cast<R>(std::pow(a, static_cast<R>(p)));
  }
  return out;
}

// ord=2 / -2 / 'nuc' over the matrices of axes (a0, a1): their largest / smallest / summed
// singular values, as NumPy's _multi_svd_norm (the other axes in order).
template <class R, class T>
Tensor<R> svd_norm(const Tensor<T>& x, int64_t a0, int64_t a1, double ord, bool nuclear) {
  Shape axes, shape;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (i != a0 && i != a1) {
      axes.push_back(i);
      shape.push_back(x.shape()[i]);
    }
  axes.push_back(a0);
  axes.push_back(a1);
  const Tensor<T> stack = transpose(x, axes);
  if (!nuclear && std::min(x.shape()[a0], x.shape()[a1]) == 0)  // even for an empty stack
    throw ValueError(std::string("zero-size array to reduction operation ") +
                     (ord > 0 ? "maximum" : "minimum") + " which has no identity");
  Tensor<R> out(shape);
  for (int64_t b = 0, n = out.size(); b < n; ++b) {
    const Eigen::VectorXd s = singular_values(load(stack, b));
    out.data()[b] = static_cast<R>(nuclear ? s.sum() : ord > 0 ? s.maxCoeff() : s.minCoeff());
  }
  return out;
}
}  // namespace detail

// ord: NaN stands for None (the compiler passes None as NaN), `nuclear` for 'nuc'; Axes as
// numpy.sum's. `Singular`: whether ord may ask for singular values (2, -2, 'nuc'), which the
// compiler knows, so that Eigen's SVD is instantiated only where a norm may need it.
template <class Out, bool Singular = true, class T>
Out norm(const Tensor<T>& x, double ord, const Axes& axis, int64_t naxes, bool keepdims, bool nuclear) {
  using R = detail::element_t<Out>;
  const bool none = std::isnan(ord) && !nuclear;
  const double inf = std::numeric_limits<double>::infinity();
  if (naxes == 0 && none && !keepdims) {  // sqrt(dot(x, x)) over the flattened array
    const Tensor<R> v = cast<R>(x);
    R sq = R(0);
    numpy::detail::matmul_kernel<R>(1, 1, v.size(), v.data(), v.size(), v.data(), 1, &sq, 1);
    return detail::finish<Out>(Tensor<R>::full(Shape{}, std::sqrt(sq)));
  }
  const int64_t axes = naxes == 0 ? x.ndim() : naxes;
  if (axes == 1 || none) {
    if (!none && ord == inf) return detail::finish<Out>(max<Tensor<R>>(detail::map_abs_pow<R>(x, 1), axis, keepdims));
    if (!none && ord == -inf) return detail::finish<Out>(min<Tensor<R>>(detail::map_abs_pow<R>(x, 1), axis, keepdims));
    const double p = none ? 2 : ord;
    Tensor<R> s = sum<Tensor<R>>(detail::map_abs_pow<R>(x, p), axis, keepdims);
    if (p != 1 && p != 0) {
      for (int64_t i = 0, n = s.size(); i < n; ++i)
        s.data()[i] = p == 2 ? std::sqrt(s.data()[i]) : static_cast<R>(std::pow(s.data()[i], static_cast<R>(1.0 / p)));
    }
    return detail::finish<Out>(s);
  }
  if (axes != 2) throw ValueError("Improper number of dimensions to norm.");
  // Matrix norms over the two axes (a0, a1): 1 -> max over columns of the column sums.
  const std::vector<bool> reduced = axis.mask(x.ndim());
  int64_t a0 = -1, a1 = -1;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (reduced[i]) (a0 < 0 ? a0 : a1) = i;
  Shape shape;  // the result's: the other axes, and the reduced ones as 1 with keepdims
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (!reduced[i]) shape.push_back(x.shape()[i]);
    else if (keepdims) shape.push_back(1);
  if constexpr (Singular) {
    if (nuclear || ord == 2 || ord == -2) {
      const Tensor<R> out = detail::svd_norm<R>(x, a0, a1, ord, nuclear);
      return detail::finish<Out>(out.with_layout(shape, contiguous_strides(shape)));
    }
  }
  if (ord == 1 || ord == -1 || ord == inf || ord == -inf) {
    const bool rows = ord == inf || ord == -inf;  // inf: sum along columns (axis a1) first
    const Tensor<R> sums = sum<Tensor<R>>(detail::map_abs_pow<R>(x, 1), rows ? a1 : a0, true);
    const Tensor<R> out = ord > 0 ? max<Tensor<R>>(sums, rows ? a0 : a1, true) : min<Tensor<R>>(sums, rows ? a0 : a1, true);
    return detail::finish<Out>(out.with_layout(shape, contiguous_strides(shape)));
  }
  throw ValueError("Invalid norm order for matrices.");
}
}  // namespace muna::numpy::linalg
