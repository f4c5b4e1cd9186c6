// numpy.take_along_axis: arr's elements at `indices` along `axis` (axis=None: of the flattened
// arr, with 1-d indices), the other axes broadcast between arr and indices.
#pragma once
#include <muna/numpy/detail/along_indices.hpp>
#include <muna/numpy/ravel.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> take_along_axis(const Tensor<T>& arr, const Tensor<int64_t>& indices, int64_t axis) {
  const auto [shape, offsets] = detail::along_axis_offsets(arr, indices, axis);
  Tensor<T> out(shape);
  for (size_t i = 0; i < offsets.size(); ++i) out.data()[i] = arr.data()[offsets[i]];
  return out;
}
template <class T>
Tensor<T> take_along_axis(const Tensor<T>& arr, const Tensor<int64_t>& indices, NoneType) {
  return take_along_axis(ravel(arr), indices, 0);
}
}  // namespace muna::numpy
