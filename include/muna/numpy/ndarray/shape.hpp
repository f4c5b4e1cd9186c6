// numpy.ndarray.shape: a tuple of Rank Python ints (the compiler knows the rank).
#pragma once
#include <tuple>
#include <utility>

#include <muna/core/tensor.hpp>

namespace muna::numpy::ndarray {
namespace detail {
template <class T, size_t... I>
auto shape_tuple(const Tensor<T>& x, std::index_sequence<I...>) {
  return std::make_tuple(static_cast<int64_t>(x.shape()[I])...);
}
}  // namespace detail

template <size_t Rank, class T>
auto shape(const Tensor<T>& x) {
  return detail::shape_tuple(x, std::make_index_sequence<Rank>{});
}
}  // namespace muna::numpy::ndarray
