// numpy.real / ndarray.real: of a complex array, a view of its real parts (every other double
// or float of the storage; writes reach the array, as in NumPy); of a real array, the array.
#pragma once
#include <complex>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
// The real (part 0) or imaginary (part 1) parts of a complex array as a strided real view.
template <class R>
Tensor<R> complex_part(const Tensor<std::complex<R>>& z, int64_t part) {
  Shape strides = z.strides();
  for (int64_t& s : strides) s *= 2;
  return Tensor<R>(reinterpret_cast<R*>(z.data()) + part, z.shape(), strides, z.owner(), z.writable());
}
}  // namespace detail

template <class R>
Tensor<R> real(const Tensor<std::complex<R>>& val) {
  return detail::complex_part(val, 0);
}
template <class T>
Tensor<T> real(const Tensor<T>& val) {
  return val;
}
}  // namespace muna::numpy
