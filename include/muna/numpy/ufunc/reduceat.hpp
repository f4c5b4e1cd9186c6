// ufunc.reduceat: for each i, op over x[indices[i]:indices[i+1]] along the axis (to the end for
// the last), or x[indices[i]] itself where indices[i] >= indices[i+1]; as NumPy, the first element
// starts each segment and the rest are combined in order, or by the pairwise sum for float add.
#pragma once
#include <string>
#include <vector>

#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy::ufunc {
template <class Op, class U, class T>
Tensor<U> reduceat(const Tensor<T>& array, const Tensor<int64_t>& indices, int64_t axis,
                   const std::string& name, bool pairwise) {
  if (array.ndim() == 0) throw TypeError("cannot reduceat on a scalar");
  if (indices.ndim() > 1) throw ValueError("index must be 1-d");
  axis = normalize_axis(axis, array.ndim());
  const Tensor<int64_t> idx = contiguous(indices);
  const int64_t m = idx.size(), dim = array.shape()[static_cast<size_t>(axis)];
  for (int64_t i = 0; i < m; ++i)
    if (idx.data()[i] < 0 || idx.data()[i] >= dim)
      throw IndexError("index " + std::to_string(idx.data()[i]) + " out-of-bounds in " + name +
                       ".reduceat [0, " + std::to_string(dim) + ")");
  Shape shape = array.shape();
  shape[static_cast<size_t>(axis)] = m;
  Tensor<U> out(shape);
  if (out.size() == 0) return out;
  // The lanes of `array` along the axis, paired with the output's (same other axes).
  Tensor<U> scratch(Shape{dim});
  const Tensor<T> lanes = array;
  Shape lane_shape = array.shape();
  lane_shape[static_cast<size_t>(axis)] = 1;
  Tensor<U> index_out = out.with_layout(lane_shape, out.strides());
  numpy::detail::along_axis(lanes.with_layout(lane_shape, array.strides()), axis, index_out,
                            [&](const T* x, int64_t, int64_t, U* y, int64_t) {
    const int64_t sx = array.strides()[static_cast<size_t>(axis)];
    const int64_t sy = out.strides()[static_cast<size_t>(axis)];
    for (int64_t i = 0; i < m; ++i) {
      const int64_t start = idx.data()[i], end = i + 1 < m ? idx.data()[i + 1] : dim;
      U acc = convert_element<U>(x[start * sx]);
      if (end > start + 1) {
        if constexpr (std::is_floating_point_v<U>) {
          if (pairwise) {
            for (int64_t k = start + 1; k < end; ++k) scratch.data()[k - start - 1] = convert_element<U>(x[k * sx]);
            acc = Op::scalar(acc, kernels::pairwise_sum(scratch.data(), end - start - 1));
            y[i * sy] = acc;
            continue;
          }
        }
        for (int64_t k = start + 1; k < end; ++k) acc = Op::scalar(acc, convert_element<U>(x[k * sx]));
      }
      y[i * sy] = acc;
    }
  });
  return out;
}
}  // namespace muna::numpy::ufunc
