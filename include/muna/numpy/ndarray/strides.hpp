// numpy.ndarray.strides: a tuple of Rank byte strides of muna's view of the array.
#pragma once
#include <tuple>
#include <utility>

#include <muna/core/tensor.hpp>

namespace muna::numpy::ndarray {
namespace detail {
template <class T, size_t... I>
auto stride_tuple(const Tensor<T>& x, std::index_sequence<I...>) {
  return std::make_tuple(static_cast<int64_t>(x.strides()[I] * static_cast<int64_t>(sizeof(T)))...);
}
}  // namespace detail

template <size_t Rank, class T>
auto strides(const Tensor<T>& x) {
  return detail::stride_tuple(x, std::make_index_sequence<Rank>{});
}
}  // namespace muna::numpy::ndarray
