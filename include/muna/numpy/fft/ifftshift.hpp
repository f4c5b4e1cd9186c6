// numpy.fft.ifftshift: the inverse of fftshift (a roll by -(dim // 2) per axis).
#pragma once
#include <muna/numpy/fft/fftshift.hpp>

namespace muna::numpy::fft {
template <class T, class Axes>
Tensor<T> ifftshift(const Tensor<T>& x, const Axes& axes) {
  return detail::shift_axes(x, axes, true);
}
}  // namespace muna::numpy::fft
