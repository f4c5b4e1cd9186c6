// numpy.nonzero (a tuple of index arrays, one per axis; 0-d arrays act as 1-d), flatnonzero
// and argwhere, in C order. nonzero<-1> takes an array whose rank is known only at run time and
// gives a tuple of as many index arrays as it has axes (python::Tuple, a tuple[ndarray, ...]).
#pragma once
#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {
// C-order multi-indices of the nonzero elements: n rows of `rank` coordinates.
template <class T>
std::vector<int64_t> nonzero_coords(const Tensor<T>& a, int64_t rank, int64_t* count) {
  const Tensor<T> c = contiguous(a);
  const Shape shape = a.ndim() ? a.shape() : Shape{1};
  std::vector<int64_t> coords;
  *count = 0;
  for (int64_t i = 0; i < c.size(); ++i) {
    if (!(c.data()[i] != T(0))) continue;
    int64_t rest = i;
    std::vector<int64_t> idx(rank);
    for (int64_t d = rank - 1; d >= 0; --d) {
      idx[d] = rest % shape[d];
      rest /= shape[d];
    }
    coords.insert(coords.end(), idx.begin(), idx.end());
    ++*count;
  }
  return coords;
}
template <class T, size_t... I>
auto nonzero_tuple(const Tensor<T>& a, std::index_sequence<I...>) {
  constexpr int64_t rank = sizeof...(I);
  int64_t n = 0;
  const std::vector<int64_t> coords = nonzero_coords(a, rank, &n);
  auto column = [&](int64_t d) {
    Tensor<int64_t> out(Shape{n});
    for (int64_t i = 0; i < n; ++i) out.data()[i] = coords[i * rank + d];
    return out;
  };
  return std::make_tuple(column(I)...);
}

template <class T>
python::Tuple<Tensor<int64_t>> nonzero_columns(const Tensor<T>& a) {
  const int64_t rank = std::max<int64_t>(a.ndim(), 1);
  int64_t n = 0;
  const std::vector<int64_t> coords = nonzero_coords(a, rank, &n);
  std::vector<Tensor<int64_t>> columns;
  for (int64_t d = 0; d < rank; ++d) {
    Tensor<int64_t> out(Shape{n});
    for (int64_t i = 0; i < n; ++i) out.data()[i] = coords[i * rank + d];
    columns.push_back(std::move(out));
  }
  return python::Tuple<Tensor<int64_t>>(std::move(columns));
}
}  // namespace detail

template <int Rank, class T>
auto nonzero(const Tensor<T>& a) {
  if constexpr (Rank < 0) {
    return detail::nonzero_columns(a);
  } else {
    return detail::nonzero_tuple(a, std::make_index_sequence<Rank>{});
  }
}
template <class T>
Tensor<int64_t> flatnonzero(const Tensor<T>& a) {
  const Tensor<T> c = contiguous(a);
  std::vector<int64_t> at;
  for (int64_t i = 0; i < c.size(); ++i) if (c.data()[i] != T(0)) at.push_back(i);
  Tensor<int64_t> out(Shape{static_cast<int64_t>(at.size())});
  std::copy(at.begin(), at.end(), out.data());
  return out;
}
template <class T>
Tensor<int64_t> argwhere(const Tensor<T>& a) {
  int64_t n = 0;
  const int64_t rank = a.ndim();
  const std::vector<int64_t> coords = detail::nonzero_coords(a, std::max<int64_t>(rank, 1), &n);
  if (rank == 0) {  // NumPy: shape (1, 0) or (0, 0)
    return Tensor<int64_t>(Shape{n, 0});
  }
  Tensor<int64_t> out(Shape{n, rank});
  std::copy(coords.begin(), coords.end(), out.data());
  return out;
}
}  // namespace muna::numpy
