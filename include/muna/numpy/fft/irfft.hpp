// numpy.fft.irfft: the inverse of rfft, n real values (float64; n defaults to 2 (m - 1)).
#pragma once
#include <muna/numpy/fft/detail/transform.hpp>

namespace muna::numpy::fft {
template <class T, class N, class Norm>
Tensor<double> irfft(const Tensor<T>& a, const N& n, int64_t axis, const Norm& norm) {
  return detail::real_backward(a, n, axis, norm);
}
}  // namespace muna::numpy::fft
