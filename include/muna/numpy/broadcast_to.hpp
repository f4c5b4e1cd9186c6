// numpy.broadcast_to: a read-only view of `array` with the given shape (zero strides on the
// broadcast axes), NumPy's error when the shapes are incompatible.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/shape_arg.hpp>

namespace muna::numpy {
template <class T, class S>
Tensor<T> broadcast_to(const Tensor<T>& array, const S& shape) {
  const Shape target = detail::to_shape(shape);
  bool ok = static_cast<int64_t>(target.size()) >= array.ndim();
  for (int64_t i = 0; ok && i < array.ndim(); ++i) {
    const int64_t d = array.shape()[array.ndim() - 1 - i], t = target[target.size() - 1 - i];
    ok = d == t || d == 1;
  }
  if (!ok)
    throw ValueError("operands could not be broadcast together with remapped shapes "
                     "[original->remapped]: " + shape_str(array.shape()) + "  and requested shape " +
                     shape_str(target));
  Tensor<T> view = array.with_layout(target, broadcast_strides(array.shape(), array.strides(), target));
  return Tensor<T>(view.data(), view.shape(), view.strides(), view.owner(), false);
}
}  // namespace muna::numpy
