// numpy.clip and ndarray.clip: minimum(maximum(a, a_min), a_max) with NumPy's NaN propagation;
// None leaves that side open. All operands arrive in the promoted dtype.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/core/none.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
namespace detail {
// NumPy 1.24 reads a NaN given as one scalar bound (or a 0-d array) as no bound on that side:
// np.clip's deprecated rule (numpy/core/_methods.py turns it into -inf / inf), where a NaN inside
// an array of bounds propagates.
template <class Bound>
bool is_scalar_nan(const Bound& bound) {
  if constexpr (std::is_floating_point_v<Bound>) {
    return std::isnan(bound);
  } else if constexpr (std::is_same_v<Bound, Tensor<typename tensor_element<Bound>::type>>) {
    if constexpr (std::is_floating_point_v<typename tensor_element<Bound>::type>)
      return bound.ndim() == 0 && std::isnan(*bound.data());
  }
  return false;
}

template <class X, class Bound, class Op>
Tensor<typename tensor_element<X>::type> clip_side(const X& x, const Bound& bound, Op) {
  if constexpr (std::is_same_v<Bound, NoneType>) return x;
  else return is_scalar_nan(bound) ? x : apply_binary<Op>(x, bound);
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
