// A ufunc's out= (`np.sqrt(length, length)`, `np.multiply(a, b, out=a)`): the result, already
// cast to out's dtype, broadcast into out; the call's value is out itself.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/numpy/ndarray/setitem.hpp>

namespace muna::numpy::detail {
template <class T, class Result>
Tensor<T> into_out(const Tensor<T>& out, const Result& result) {
  ndarray::setitem(out, Ellipsis, result);
  return out;
}
}  // namespace muna::numpy::detail
