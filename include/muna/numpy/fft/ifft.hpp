// numpy.fft.ifft: the inverse DFT along an axis (1/n by default), complex128 for every input.
#pragma once
#include <muna/numpy/fft/detail/transform.hpp>

namespace muna::numpy::fft {
template <class T, class N, class Norm>
Tensor<std::complex<double>> ifft(const Tensor<T>& a, const N& n, int64_t axis, const Norm& norm) {
  return detail::complex_transform(a, n, axis, norm, false);
}
}  // namespace muna::numpy::fft
