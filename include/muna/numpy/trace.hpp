// numpy.trace (sum of a diagonal, in NumPy's sum dtype R) and numpy.diag (a 1-d array's
// diagonal matrix, or a 2-d array's k-th diagonal as a copy) and numpy.diagonal (a view).
#pragma once
#include <algorithm>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> diagonal(const Tensor<T>& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1) {
  if (a.ndim() < 2) throw ValueError("diag requires an array of at least two dimensions");
  axis1 = normalize_axis(axis1, a.ndim());
  axis2 = normalize_axis(axis2, a.ndim());
  if (axis1 == axis2) throw ValueError("axis1 and axis2 cannot be the same");
  const int64_t n1 = a.shape()[axis1], n2 = a.shape()[axis2];
  const int64_t len = std::max<int64_t>(0, offset >= 0 ? std::min(n1, n2 - offset) : std::min(n1 + offset, n2));
  int64_t start = 0;
  if (len > 0) start = offset >= 0 ? offset * a.strides()[axis2] : -offset * a.strides()[axis1];
  Shape shape, strides;
  for (int64_t i = 0; i < a.ndim(); ++i)
    if (i != axis1 && i != axis2) {
      shape.push_back(a.shape()[i]);
      strides.push_back(a.strides()[i]);
    }
  shape.push_back(len);
  strides.push_back(a.strides()[axis1] + a.strides()[axis2]);
  return a.with_layout(shape, strides, start);
}

template <class R, class T>
auto trace(const Tensor<T>& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1) {
  const Tensor<T> d = contiguous(diagonal(a, offset, axis1, axis2));
  const int64_t len = d.ndim() ? d.shape()[d.ndim() - 1] : 0;
  Shape shape(d.shape().begin(), d.shape().end() - 1);
  Tensor<R> out(shape);
  for (int64_t i = 0, n = out.size(); i < n; ++i) {
    R acc = R(0);
    for (int64_t j = 0; j < len; ++j) acc = static_cast<R>(acc + static_cast<R>(d.data()[i * len + j]));
    out.data()[i] = acc;
  }
  if constexpr (true) {
    if (shape.empty()) return out;  // the compiler unwraps 0-d results of 2-d inputs
  }
  return out;
}

template <class T>
Tensor<T> diag(const Tensor<T>& v, int64_t k = 0) {
  if (v.ndim() == 1) {
    const int64_t n = v.shape()[0], size = n + (k < 0 ? -k : k);
    Tensor<T> out = Tensor<T>::full(Shape{size, size}, T(0));
    for (int64_t i = 0; i < n; ++i) {
      const int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
      out.data()[r * size + c] = v.data()[i * v.strides()[0]];
    }
    return out;
  }
  if (v.ndim() != 2) throw ValueError("Input must be 1- or 2-d.");
  return cast<T>(diagonal(v, k));
}
}  // namespace muna::numpy
