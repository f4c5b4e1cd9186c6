// x.shape where x's rank is known only at run time: a tuple of as many ints as it has
// dimensions (muna::python::Tuple, read as a list is).
#pragma once
#include <cstdint>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna {
template <class T>
python::Tuple<int64_t> shape_of(const Tensor<T>& x) {
  return python::Tuple<int64_t>(std::vector<int64_t>(x.shape().begin(), x.shape().end()));
}
}  // namespace muna
