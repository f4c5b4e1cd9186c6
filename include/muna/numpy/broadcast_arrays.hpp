// numpy.broadcast_arrays of two or three arrays: read-only views of each at their common shape.
#pragma once
#include <tuple>

#include <muna/numpy/broadcast_to.hpp>

namespace muna::numpy {
template <class... T>
std::tuple<Tensor<T>...> broadcast_arrays(const Tensor<T>&... xs) {
  Shape shape;
  ((shape = broadcast_shapes(shape, xs.shape())), ...);
  return std::make_tuple(broadcast_to(xs, shape)...);
}
}  // namespace muna::numpy
