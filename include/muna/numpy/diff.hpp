// numpy.diff: the n-th discrete difference along an axis (a[i+1] - a[i], n times); bool arrays
// use "not equal", as NumPy does.
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> diff(const Tensor<T>& a, int64_t n = 1, int64_t axis = -1) {
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  axis = normalize_axis(axis, a.ndim());
  Tensor<T> current = a;
  for (int64_t k = 0; k < n; ++k) {
    Shape shape = current.shape();
    shape[axis] = std::max<int64_t>(shape[axis] - 1, 0);
    Tensor<T> out(shape);
    Tensor<T> head = current.with_layout(shape, current.strides());
    detail::along_axis(head, axis, out, [](const T* x, int64_t len, int64_t sx, T* y, int64_t sy) {
      for (int64_t i = 0; i < len; ++i) {
        if constexpr (std::is_same_v<T, bool>) y[i * sy] = x[(i + 1) * sx] != x[i * sx];
        else y[i * sy] = kernels::Subtract::scalar(x[(i + 1) * sx], x[i * sx]);
      }
    });
    current = out;
  }
  return current;
}
}  // namespace muna::numpy
