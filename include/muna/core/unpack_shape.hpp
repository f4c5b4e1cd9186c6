// `a, b, c = x.shape` where x's rank is only known at run time: Python's ValueError when the
// number of names does not match.
#pragma once
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include <muna/core/tensor.hpp>

namespace muna {
namespace detail {
template <class T, size_t... I>
auto shape_tuple(const Tensor<T>& x, std::index_sequence<I...>) {
  return std::make_tuple(x.shape()[I]...);
}
}  // namespace detail

template <size_t N, class T>
auto unpack_shape(const Tensor<T>& x) {
  if (x.ndim() != static_cast<int64_t>(N))
    throw ValueError(x.ndim() > static_cast<int64_t>(N)
                         ? "too many values to unpack (expected " + std::to_string(N) + ")"
                         : "not enough values to unpack (expected " + std::to_string(N) + ", got " +
                               std::to_string(x.ndim()) + ")");
  return detail::shape_tuple(x, std::make_index_sequence<N>{});
}
}  // namespace muna
