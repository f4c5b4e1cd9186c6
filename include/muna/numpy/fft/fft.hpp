// numpy.fft.fft: the one-dimensional DFT along an axis, complex128 for every input dtype (NumPy
// 1.24 computes in double); n crops or zero-pads, norm scales as NumPy's.
#pragma once
#include <muna/numpy/fft/detail/transform.hpp>

namespace muna::numpy::fft {
template <class T, class N, class Norm>
Tensor<std::complex<double>> fft(const Tensor<T>& a, const N& n, int64_t axis, const Norm& norm) {
  return detail::complex_transform(a, n, axis, norm, true);
}
}  // namespace muna::numpy::fft
