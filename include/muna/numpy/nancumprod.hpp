// numpy.nancumprod: cumprod with NaN read as 1 (see nancumsum.hpp).
#pragma once
#include <muna/numpy/nancumsum.hpp>

namespace muna::numpy {
template <class R, class T, class Axis>
Tensor<R> nancumprod(const Tensor<T>& a, const Axis& axis) {
  return cumprod<R>(detail::nan_replaced(a, T(1)), axis);
}
}  // namespace muna::numpy
