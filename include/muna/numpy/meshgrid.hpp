// numpy.meshgrid of N arrays (each flattened): with indexing='ij' array i varies along axis i;
// 'xy' swaps the first two axes. sparse=True keeps each as a view with unit axes elsewhere;
// otherwise they are broadcast to the full grid. copy=True (the default) makes each a new array.
// Arrays of one dtype come back as a list (as NumPy's), of several dtypes as a tuple.
#pragma once
#include <string>
#include <tuple>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> grid_axis(const Tensor<T>& x, size_t i, const Shape& full, bool xy, bool sparse, bool copy) {
  const size_t ndim = full.size();
  size_t at = i;
  if (xy && ndim > 1 && i < 2) at = 1 - i;
  const Tensor<T> flat = contiguous(x);
  Shape shape(ndim, 1), strides(ndim, 0);
  shape[at] = flat.size();
  strides[at] = 1;
  Tensor<T> view = flat.with_layout(shape, strides);
  if (!sparse) {
    Shape b = broadcast_strides(shape, strides, full);
    view = flat.with_layout(full, b);
  }
  return copy ? cast<T>(view) : view;
}

template <class... T>
Shape grid_shape(const std::tuple<Tensor<T>...>& xs, bool xy) {
  Shape full;
  std::apply([&](const auto&... x) { (full.push_back(x.size()), ...); }, xs);
  if (xy && full.size() > 1) std::swap(full[0], full[1]);
  return full;
}

inline void check_indexing(const std::string& indexing) {
  if (indexing != "xy" && indexing != "ij") throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
}
}  // namespace detail

template <class... T>
auto meshgrid(const std::tuple<Tensor<T>...>& xs, bool copy, bool sparse, const std::string& indexing) {
  detail::check_indexing(indexing);
  const bool xy = indexing == "xy";
  const Shape full = detail::grid_shape(xs, xy);
  return std::apply([&](const auto&... x) {
    size_t i = 0;
    return std::tuple<Tensor<T>...>{detail::grid_axis(x, i++, full, xy, sparse, copy)...};
  }, xs);
}

template <class T, class... Rest>
python::List<Tensor<T>> meshgrid_list(const std::tuple<Tensor<T>, Rest...>& xs, bool copy, bool sparse,
                                      const std::string& indexing) {
  const auto grids = meshgrid(xs, copy, sparse, indexing);
  python::List<Tensor<T>> out;
  std::apply([&](const auto&... g) { (out.push_back(g), ...); }, grids);
  return out;
}
}  // namespace muna::numpy
