// numpy.roll: elements shifted cyclically along an axis (of the flattened array for axis=None).
#pragma once
#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> roll(const Tensor<T>& a, int64_t shift, int64_t axis) {
  axis = normalize_axis(axis, a.ndim());
  Tensor<T> out(a.shape());
  detail::along_axis(a, axis, out, [shift](const T* x, int64_t n, int64_t sx, T* y, int64_t sy) {
    if (n == 0) return;
    const int64_t s = ((shift % n) + n) % n;
    for (int64_t i = 0; i < n; ++i) y[((i + s) % n) * sy] = x[i * sx];
  });
  return out;
}
template <class T>
Tensor<T> roll(const Tensor<T>& a, int64_t shift, NoneType = None) {
  const Tensor<T> flat = contiguous(a);
  const Tensor<T> rolled = roll(flat.with_layout(Shape{flat.size()}, Shape{1}), shift, 0);
  return rolled.with_layout(a.shape(), contiguous_strides(a.shape()));
}
}  // namespace muna::numpy
