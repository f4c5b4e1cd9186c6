// numpy.ndindex as a loop iterable: every index tuple of a shape in C order (a list of tuples).
#pragma once
#include <tuple>
#include <utility>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {
template <class Tuple, size_t... I>
Tuple index_tuple(const std::vector<int64_t>& at, std::index_sequence<I...>) {
  return Tuple{at[I]...};
}

// fn(index vector) for each index of shape in C order.
template <class Fn>
void each_index(const Shape& shape, Fn&& fn) {
  const int64_t total = shape_size(shape);
  std::vector<int64_t> at(shape.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    fn(at);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++at[d] < shape[d]) break;
      at[d] = 0;
    }
  }
}
}  // namespace detail

template <class... I>
python::List<std::tuple<I...>> ndindex(const std::tuple<I...>& shape) {
  Shape dims;
  std::apply([&](auto... d) { (dims.push_back(static_cast<int64_t>(d)), ...); }, shape);
  for (int64_t d : dims)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  python::List<std::tuple<I...>> out;
  detail::each_index(dims, [&](const std::vector<int64_t>& at) {
    out.push_back(detail::index_tuple<std::tuple<I...>>(at, std::index_sequence_for<I...>{}));
  });
  return out;
}
}  // namespace muna::numpy
