// zip(*rows): the columns of a list of rows, each a tuple with one item per row, as many as the
// shortest row has items (none when there are no rows), as Python's zip.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::python::builtins {
template <class Row>
List<Tuple<typename Row::value_type>> zip_rows(const List<Row>& rows) {
  using T = typename Row::value_type;
  List<Tuple<T>> out;
  if (rows.size() == 0) return out;
  int64_t n = rows.items()[0].size();
  for (const Row& r : rows) n = std::min<int64_t>(n, r.size());
  for (int64_t j = 0; j < n; ++j) {
    std::vector<T> column;
    column.reserve(rows.items().size());
    for (const Row& r : rows) column.push_back(r.items()[static_cast<size_t>(j)]);
    out.push_back(Tuple<T>(std::move(column)));
  }
  return out;
}
// zip(*arrays) of 1-d arrays (`zip(*np.nonzero(mask))`): the columns of their elements.
template <class T>
List<Tuple<T>> zip_rows(const List<Tensor<T>>& rows) {
  List<Tuple<T>> out;
  if (rows.size() == 0) return out;
  int64_t n = rows.items()[0].shape(0);
  for (const Tensor<T>& r : rows) n = std::min<int64_t>(n, r.shape(0));
  for (int64_t j = 0; j < n; ++j) {
    std::vector<T> column;
    column.reserve(rows.items().size());
    for (const Tensor<T>& r : rows) column.push_back(r.data()[j * r.strides()[0]]);
    out.push_back(Tuple<T>(std::move(column)));
  }
  return out;
}
}  // namespace muna::python::builtins
