// numpy.ravel / ndarray.ravel (a view when contiguous) and ndarray.flatten (always a copy).
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> ravel(const Tensor<T>& a) {
  const Tensor<T> c = contiguous(a);
  return c.with_layout(Shape{c.size()}, Shape{1});
}
template <class T>
Tensor<T> flatten(const Tensor<T>& a) {
  const Tensor<T> c = cast<T>(a);
  return c.with_layout(Shape{c.size()}, Shape{1});
}
}  // namespace muna::numpy
