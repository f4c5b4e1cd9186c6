// numpy.flip: a view with negative strides along the chosen axes (all for axis=None).
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/axes.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> flip(const Tensor<T>& m, const Axes& axis = None) {
  const std::vector<bool> flipped = axis.mask(m.ndim());
  Shape strides = m.strides();
  int64_t offset = 0;
  for (int64_t i = 0; i < m.ndim(); ++i)
    if (flipped[i] && m.shape()[i] > 0) {
      offset += (m.shape()[i] - 1) * strides[i];
      strides[i] = -strides[i];
    }
  return m.with_layout(m.shape(), strides, offset);
}
}  // namespace muna::numpy
