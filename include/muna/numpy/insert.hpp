// numpy.insert, as NumPy 1.24's: `values` (in arr's dtype) inserted before the given positions
// along axis (of the flattened array for axis=None). A single index (an int, or an index array
// of one element) inserts values as a block, which a plain int first moves to the axis
// (values ndmin-ed to arr's rank, then moveaxis(0, axis)); several indices insert one entry each,
// at the positions NumPy computes (stably sorted, shifted by the entries before them).
#pragma once
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include <muna/numpy/delete.hpp>

namespace muna::numpy {
namespace detail {
// values (ndmin-ed to rank `rank`) as a tensor of T.
template <class T, class V>
Tensor<T> values_ndmin(const V& values, int64_t rank) {
  Tensor<T> v;
  if constexpr (std::is_same_v<V, Tensor<T>>) v = values;
  else v = Tensor<T>::scalar(values);
  Shape shape = v.shape(), strides = v.strides();
  while (static_cast<int64_t>(shape.size()) < rank) {
    shape.insert(shape.begin(), 1);
    strides.insert(strides.begin(), 0);
  }
  return v.with_layout(shape, strides);
}

// out's entries along axis at `positions` (increasing after sorting is not required) := block
// (broadcast to arr's shape with that axis of positions.size()), the rest := arr in order.
template <class T>
Tensor<T> scatter_along(const Tensor<T>& arr, int64_t axis, const std::vector<int64_t>& positions,
                        const Tensor<T>& block, bool block_broadcast_error_is_shape_mismatch) {
  const int64_t n = arr.shape()[static_cast<size_t>(axis)], added = static_cast<int64_t>(positions.size());
  Shape shape = arr.shape();
  shape[static_cast<size_t>(axis)] = n + added;
  Shape block_shape = arr.shape();
  block_shape[static_cast<size_t>(axis)] = added;
  bool fits = block.ndim() <= static_cast<int64_t>(block_shape.size());
  for (int64_t d = 0; fits && d < block.ndim(); ++d) {
    const int64_t have = block.shape()[static_cast<size_t>(block.ndim() - 1 - d)];
    const int64_t want = block_shape[block_shape.size() - 1 - static_cast<size_t>(d)];
    fits = have == 1 || have == want;
  }
  if (!fits) {
    if (block_broadcast_error_is_shape_mismatch)
      throw ValueError("shape mismatch: value array of shape " + shape_str(block.shape()) +
                       " could not be broadcast to indexing result of shape " + shape_str(block_shape));
    throw ValueError("could not broadcast input array from shape " + shape_str(block.shape()) + " into shape " +
                     shape_str(block_shape));
  }
  const Shape bs = broadcast_strides(block.shape(), block.strides(), block_shape);
  const Tensor<T> b = block.with_layout(block_shape, bs);
  std::vector<int64_t> slot(static_cast<size_t>(n + added), -1);  // -1: an old entry
  for (int64_t k = 0; k < added; ++k) {
    int64_t p = positions[static_cast<size_t>(k)];
    if (p < -(n + added) || p >= n + added)
      throw IndexError("index " + std::to_string(p) + " is out of bounds for axis " + std::to_string(axis) +
                       " with size " + std::to_string(n + added));
    slot[static_cast<size_t>(p < 0 ? p + n + added : p)] = k;  // a later write wins, as NumPy's
  }
  int64_t old = 0;
  for (int64_t s : slot) old += s < 0;
  if (old != n)
    throw ValueError("NumPy boolean array indexing assignment cannot assign " + std::to_string(n) +
                     " input values to the " + std::to_string(old) + " output values where the mask is true");
  Tensor<T> out(shape);
  // Lane by lane along axis: arr's lane, the block's lane and out's lane share the other indices.
  Tensor<T> lanes_out = out;
  along_axis(arr, axis, lanes_out, [&](const T* x, int64_t, int64_t sx, T* y, int64_t sy) {
    const int64_t lane = (y - out.data());  // the offset of this lane in out (contiguous)
    // The block's lane: same index on the other axes.
    int64_t rem = lane, boff = 0;
    for (size_t d = shape.size(); d-- > 0;) {
      const int64_t c = rem % shape[d];
      rem /= shape[d];
      if (static_cast<int64_t>(d) != axis) boff += c * b.strides()[d];
    }
    const int64_t stride_b = b.strides()[static_cast<size_t>(axis)];
    int64_t j = 0;
    for (int64_t s = 0; s < n + added; ++s) {
      const int64_t k = slot[static_cast<size_t>(s)];
      y[s * sy] = k < 0 ? x[(j++) * sx] : b.data()[boff + k * stride_b];
    }
  });
  return out;
}
}  // namespace detail

template <class T, class Obj, class V, class Axis>
Tensor<T> insert(const Tensor<T>& array, const Obj& obj, const V& values, const Axis& axis) {
  auto [arr, ax] = detail::edit_axis(array, axis);
  const int64_t n = arr.shape()[static_cast<size_t>(ax)];
  const std::vector<int64_t> indices = detail::index_list(obj);
  constexpr bool scalar_index = std::is_integral_v<Obj>;
  if (indices.size() == 1) {
    int64_t index = indices[0];
    if (index < -n || index > n)
      throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " + std::to_string(ax) +
                       " with size " + std::to_string(n));
    if (index < 0) index += n;
    Tensor<T> v = detail::values_ndmin<T>(values, arr.ndim());
    if (scalar_index && v.ndim() > 0) {  // np.moveaxis(values, 0, axis)
      Shape shape = v.shape(), strides = v.strides();
      const int64_t s0 = shape[0], t0 = strides[0];
      shape.erase(shape.begin());
      strides.erase(strides.begin());
      shape.insert(shape.begin() + ax, s0);
      strides.insert(strides.begin() + ax, t0);
      v = v.with_layout(shape, strides);
    }
    const int64_t added = v.ndim() > ax ? v.shape()[static_cast<size_t>(ax)] : 1;
    std::vector<int64_t> positions(static_cast<size_t>(added));
    std::iota(positions.begin(), positions.end(), index);
    return detail::scatter_along(arr, ax, positions, v, false);
  }
  std::vector<int64_t> positions = indices;
  for (int64_t& p : positions)
    if (p < 0) p += n;
  std::vector<int64_t> order(positions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return positions[a] < positions[b]; });
  for (size_t r = 0; r < order.size(); ++r) positions[static_cast<size_t>(order[r])] += static_cast<int64_t>(r);
  Tensor<T> v;
  if constexpr (std::is_same_v<V, Tensor<T>>) v = values;
  else v = Tensor<T>::scalar(values);
  return detail::scatter_along(arr, ax, positions, v, true);
}
}  // namespace muna::numpy
