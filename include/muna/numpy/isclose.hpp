// numpy.isclose and numpy.allclose: |a - b| <= atol + rtol * |b| element-wise (broadcast),
// infinities equal only to themselves, NaN equal to NaN only with equal_nan.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
bool close(T a, T b, double rtol, double atol, bool equal_nan) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return equal_nan && std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b)) return a == b;
  }
  // NumPy computes in the operands' dtype (float32 stays float32; integers in float64).
  using W = std::conditional_t<std::is_same_v<T, float>, float, double>;
  const W x = static_cast<W>(a), y = static_cast<W>(b);
  return std::fabs(x - y) <= static_cast<W>(atol) + static_cast<W>(rtol) * std::fabs(y);
}
}  // namespace detail

template <class A, class B>
Tensor<bool> isclose(const A& a_in, const B& b_in, double rtol, double atol, bool equal_nan) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> a = detail::as_tensor<T>(a_in), b = detail::as_tensor<T>(b_in);
  const Shape shape = broadcast_shapes(a.shape(), b.shape());
  const Tensor<T> ca = contiguous(a.with_layout(shape, broadcast_strides(a.shape(), a.strides(), shape)));
  const Tensor<T> cb = contiguous(b.with_layout(shape, broadcast_strides(b.shape(), b.strides(), shape)));
  Tensor<bool> out(shape);
  for (int64_t i = 0, n = out.size(); i < n; ++i)
    out.data()[i] = detail::close(ca.data()[i], cb.data()[i], rtol, atol, equal_nan);
  return out;
}
template <class A, class B>
bool allclose(const A& a, const B& b, double rtol, double atol, bool equal_nan) {
  const Tensor<bool> each = isclose(a, b, rtol, atol, equal_nan);
  for (int64_t i = 0, n = each.size(); i < n; ++i)
    if (!each.data()[i]) return false;
  return true;
}
}  // namespace muna::numpy
