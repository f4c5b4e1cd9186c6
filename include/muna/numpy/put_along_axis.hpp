// numpy.put_along_axis: writes `values` (broadcast to the selection's shape) into arr at
// `indices` along `axis` (a number counts as a 0-d array), in place, in row-major order (a repeated position keeps the last).
#pragma once
#include <muna/core/none.hpp>
#include <muna/numpy/broadcast_to.hpp>
#include <muna/numpy/detail/along_indices.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class T, class V>
NoneType put_along_axis(const Tensor<T>& arr, const Tensor<int64_t>& indices, const V& values, int64_t axis) {
  arr.require_writable();
  const auto [shape, offsets] = detail::along_axis_offsets(arr, indices, axis);
  const Tensor<T> v = contiguous(broadcast_to(detail::as_tensor<T>(values), shape));
  for (size_t i = 0; i < offsets.size(); ++i) arr.data()[offsets[i]] = v.data()[i];
  return None;
}
}  // namespace muna::numpy
