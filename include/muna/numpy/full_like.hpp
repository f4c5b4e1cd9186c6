// numpy.full_like, and zeros_like / ones_like / empty_like through it: a's shape, the given
// dtype T, C order.
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T, class U>
Tensor<T> full_like(const Tensor<U>& a, T fill_value) {
  return Tensor<T>::full(a.shape(), fill_value);
}
}  // namespace muna::numpy
