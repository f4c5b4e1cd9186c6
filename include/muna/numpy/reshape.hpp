// numpy.reshape and ndarray.reshape: a view when the array is C-contiguous, else a contiguous
// copy reshaped (NumPy also copies when no view exists); one dimension may be -1.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/shape_arg.hpp>

namespace muna::numpy {
namespace detail {
inline Shape resolve_reshape(Shape shape, int64_t size) {
  int64_t unknown = -1, known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = static_cast<int64_t>(i);
    } else if (shape[i] < 0) {
      throw ValueError("negative dimensions not allowed");
    } else {
      known *= shape[i];
    }
  }
  if (unknown >= 0 && known != 0 && size % known == 0) shape[unknown] = size / known;
  if (shape_size(shape) != size || (unknown >= 0 && known == 0)) {
    Shape shown = shape;
    if (unknown >= 0) shown[unknown] = -1;
    throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                     shape_str(shown));
  }
  return shape;
}
template <class... I>
Shape raw_shape(const std::tuple<I...>& dims) {
  Shape out;
  std::apply([&](auto... d) { (out.push_back(static_cast<int64_t>(d)), ...); }, dims);
  return out;
}
inline Shape raw_shape(int64_t n) { return Shape{n}; }
inline Shape raw_shape(const python::List<int64_t>& dims) { return Shape(dims.begin(), dims.end()); }
}  // namespace detail

template <class T, class S>
Tensor<T> reshape(const Tensor<T>& a, const S& newshape) {
  Shape shape = detail::resolve_reshape(detail::raw_shape(newshape), a.size());
  const Tensor<T> c = contiguous(a);
  return c.with_layout(shape, contiguous_strides(shape));
}
}  // namespace muna::numpy
