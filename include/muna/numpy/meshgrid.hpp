// numpy.meshgrid of two arrays (flattened): a list of two new arrays, shape (len(x2), len(x1))
// for indexing='xy' and (len(x1), len(x2)) for 'ij'.
#pragma once
#include <string>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
template <class T>
python::List<Tensor<T>> meshgrid(const Tensor<T>& x1, const Tensor<T>& x2, const std::string& indexing) {
  if (indexing != "xy" && indexing != "ij")
    throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
  const Tensor<T> a = contiguous(x1), b = contiguous(x2);
  const int64_t n = a.size(), m = b.size();
  const bool xy = indexing == "xy";
  const Shape shape = xy ? Shape{m, n} : Shape{n, m};
  Tensor<T> first(shape), second(shape);
  for (int64_t r = 0; r < shape[0]; ++r)
    for (int64_t c = 0; c < shape[1]; ++c) {
      first.data()[r * shape[1] + c] = a.data()[xy ? c : r];
      second.data()[r * shape[1] + c] = b.data()[xy ? r : c];
    }
  return python::List<Tensor<T>>{first, second};
}
}  // namespace muna::numpy
