// numpy.append: concatenate((arr, values), axis), both flattened for axis=None; a number is a
// 0-d array (so with an axis it is NumPy's dimension error). Both arrive in the result dtype.
#pragma once
#include <tuple>

#include <muna/numpy/concatenate.hpp>

namespace muna::numpy {
template <class T, class V, class Axis>
Tensor<T> append(const Tensor<T>& arr, const V& values, const Axis& axis) {
  Tensor<T> v;
  if constexpr (std::is_same_v<V, Tensor<T>>) v = values;
  else v = Tensor<T>::scalar(values);
  return concatenate(std::make_tuple(arr, v), axis);
}
}  // namespace muna::numpy
