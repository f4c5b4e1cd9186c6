// numpy.full, and numpy.zeros / ones / empty through it (empty is zero-filled: NumPy leaves the
// memory unspecified, so zeros are one valid choice and keep results deterministic).
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/shape_arg.hpp>

namespace muna::numpy {
template <class T, class S>
Tensor<T> full(const S& shape, T fill_value) {
  return Tensor<T>::full(detail::to_shape(shape), fill_value);
}
}  // namespace muna::numpy
