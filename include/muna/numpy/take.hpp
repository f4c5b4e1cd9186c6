// numpy.take (mode='raise'): the elements of the flattened array (axis=None) or the slices
// along `axis` at the given indices (negative ones count from the end); the result is
// a.shape[:axis] + indices.shape + a.shape[axis+1:].
#pragma once
#include <cstring>

#include <muna/numpy/detail/index.hpp>
#include <muna/numpy/ravel.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> take(const Tensor<T>& a, const Tensor<int64_t>& indices, int64_t axis) {
  axis = normalize_axis(axis, a.ndim());
  const Tensor<T> x = contiguous(a);
  const Tensor<int64_t> idx = contiguous(indices);
  const int64_t size = x.shape()[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.shape()[i];
  for (int64_t i = axis + 1; i < x.ndim(); ++i) inner *= x.shape()[i];
  Shape shape(x.shape().begin(), x.shape().begin() + axis);
  shape.insert(shape.end(), idx.shape().begin(), idx.shape().end());
  shape.insert(shape.end(), x.shape().begin() + axis + 1, x.shape().end());
  std::vector<int64_t> at(idx.size());  // checked first: NumPy raises before writing
  for (int64_t k = 0; k < idx.size(); ++k) at[k] = detail::checked_index(idx.data()[k], size, axis);
  Tensor<T> out(shape);
  T* dst = out.data();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k : at) {
      if (inner) std::memcpy(dst, x.data() + (o * size + k) * inner, sizeof(T) * static_cast<size_t>(inner));
      dst += inner;
    }
  return out;
}
template <class T>
Tensor<T> take(const Tensor<T>& a, const Tensor<int64_t>& indices, NoneType) {
  return take(ravel(a), indices, 0);
}
// One index: a 0-d index array (the compiler takes the element when NumPy gives a scalar).
template <class T, class Axis>
Tensor<T> take(const Tensor<T>& a, int64_t index, const Axis& axis) {
  return take(a, Tensor<int64_t>::scalar(index), axis);
}
}  // namespace muna::numpy
