// numpy.clip and ndarray.clip: minimum(maximum(a, a_min), a_max) with NumPy's NaN propagation;
// None leaves that side open. All operands arrive in the promoted dtype.
#pragma once
#include <muna/core/none.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
namespace detail {
template <class X, class Bound, class Op>
auto clip_side(const X& x, const Bound& bound, Op) {
  if constexpr (std::is_same_v<Bound, NoneType>) return x;
  else return apply_binary<Op>(x, bound);
}
}  // namespace detail

template <class A, class Lo, class Hi>
auto clip(const A& a, const Lo& a_min, const Hi& a_max, NoneType = None) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> x = detail::as_tensor<T>(a);
  const Tensor<T> low = detail::clip_side(x, a_min, kernels::Maximum{});
  return detail::clip_side(low, a_max, kernels::Minimum{});
}
}  // namespace muna::numpy
