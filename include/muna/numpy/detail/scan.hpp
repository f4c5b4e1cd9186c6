// The running reduction NumPy's accumulate computes (cumsum, cumprod): in order along one axis,
// in the result dtype R; axis=None runs over the C-order flattened array.
#pragma once
#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy::detail {

template <class Op, class R, class T>
Tensor<R> scan(const Tensor<T>& a, NoneType);

template <class Op, class R, class T>
Tensor<R> scan(const Tensor<T>& a, int64_t axis) {
  if (a.ndim() == 0) return scan<Op, R>(a, None);  // NumPy: a 0-d array scans as 1-d
  axis = normalize_axis(axis, a.ndim());
  Tensor<R> out(a.shape());
  along_axis(a, axis, out, [](const T* x, int64_t n, int64_t sx, R* y, int64_t sy) {
    if (n == 0) return;
    R acc = static_cast<R>(x[0]);
    y[0] = acc;
    for (int64_t i = 1; i < n; ++i) {
      acc = Op::scalar(acc, static_cast<R>(x[i * sx]));
      y[i * sy] = acc;
    }
  });
  return out;
}

template <class Op, class R, class T>
Tensor<R> scan(const Tensor<T>& a, NoneType) {
  const Tensor<T> flat = contiguous(a);
  return scan<Op, R>(flat.with_layout(Shape{flat.size()}, Shape{1}), 0);
}

}  // namespace muna::numpy::detail
