// numpy.ndenumerate as a loop iterable: (index tuple, element) for every element in C order.
#pragma once
#include <muna/numpy/ndindex.hpp>

namespace muna::numpy {
template <class Index, class T>
python::List<std::tuple<Index, T>> ndenumerate(const Tensor<T>& arr) {
  python::List<std::tuple<Index, T>> out;
  detail::each_index(arr.shape(), [&](const std::vector<int64_t>& at) {
    out.push_back(std::tuple<Index, T>(
        detail::index_tuple<Index>(at, std::make_index_sequence<std::tuple_size_v<Index>>{}), arr.at(at.data())));
  });
  return out;
}
}  // namespace muna::numpy
