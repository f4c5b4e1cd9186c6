// len(x) of an array: the length of its first axis; a 0-d array raises NumPy's TypeError.
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy::ndarray {
template <class T>
int64_t len(const Tensor<T>& x) {
  if (x.ndim() == 0) throw TypeError("len() of unsized object");
  return x.shape()[0];
}
}  // namespace muna::numpy::ndarray
