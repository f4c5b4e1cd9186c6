// What take_along_axis and put_along_axis share: NumPy's _make_along_axis_idx. `indices` picks
// positions along `axis`; every other axis pairs arr with indices by broadcasting. Returns the
// shape of the selection and, for each of its elements in row-major order, the element offset
// into arr.
#pragma once
#include <utility>
#include <vector>

#include <muna/numpy/detail/index.hpp>

namespace muna::numpy::detail {
template <class T>
std::pair<Shape, std::vector<int64_t>> along_axis_offsets(const Tensor<T>& arr, const Tensor<int64_t>& indices,
                                                          int64_t axis) {
  if (indices.ndim() != arr.ndim())
    throw ValueError("`indices` and `arr` must have the same number of dimensions");
  axis = normalize_axis(axis, arr.ndim());
  Shape arr_shape = arr.shape();
  arr_shape[axis] = 1;  // arr's other axes broadcast against the indices'
  Shape shape;
  try {
    shape = broadcast_shapes(arr_shape, indices.shape());
  } catch (const ValueError&) {  // NumPy's fancy indexing reports it as an IndexError
    throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " +
                     shape_str(indices.shape()) + " " + shape_str(arr_shape));
  }
  shape[axis] = indices.shape()[axis];
  const Shape istrides = broadcast_strides(indices.shape(), indices.strides(), shape);
  Shape astrides = arr.strides();
  for (int64_t d = 0; d < arr.ndim(); ++d)
    if (arr.shape()[d] == 1 && d != axis) astrides[d] = 0;
  std::vector<int64_t> offsets;
  offsets.reserve(static_cast<size_t>(shape_size(shape)));
  std::vector<int64_t> pos(shape.size(), 0);
  for (int64_t n = shape_size(shape); n > 0; --n) {
    int64_t ioff = 0, aoff = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      ioff += pos[d] * istrides[d];
      if (static_cast<int64_t>(d) != axis) aoff += pos[d] * astrides[d];
    }
    aoff += checked_index(indices.data()[ioff], arr.shape()[axis], axis) * arr.strides()[axis];
    offsets.push_back(aoff);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++pos[d] < shape[d]) break;
      pos[d] = 0;
    }
  }
  return {shape, offsets};
}
}  // namespace muna::numpy::detail
