// numpy.conjugate (numpy.conj, ndarray.conj): the complex conjugate; of a real array, a copy.
#pragma once
#include <muna/numpy/detail/complex.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> conjugate(const Tensor<T>& x) {
  if constexpr (is_complex_v<T>) return detail::apply_unary<detail::complex_ops::Conjugate>(x);
  else return cast<T>(x);
}
}  // namespace muna::numpy
