// numpy.imag / ndarray.imag: of a complex array, a view of its imaginary parts; of a real array,
// read-only zeros of its shape and dtype (NumPy's x.imag).
#pragma once
#include <muna/numpy/real.hpp>

namespace muna::numpy {
template <class R>
Tensor<R> imag(const Tensor<std::complex<R>>& val) {
  return detail::complex_part(val, 1);
}
template <class T>
Tensor<T> imag(const Tensor<T>& val) {
  Tensor<T> zeros = Tensor<T>::full(val.shape(), T{});
  return Tensor<T>(zeros.data(), zeros.shape(), zeros.strides(), zeros.owner(), false);
}
}  // namespace muna::numpy
