// numpy.fft.rfft: the DFT of real input along an axis, its n/2 + 1 non-negative frequencies
// (complex128).
#pragma once
#include <muna/numpy/fft/detail/transform.hpp>

namespace muna::numpy::fft {
template <class T, class N, class Norm>
Tensor<std::complex<double>> rfft(const Tensor<T>& a, const N& n, int64_t axis, const Norm& norm) {
  return detail::real_forward(a, n, axis, norm);
}
}  // namespace muna::numpy::fft
