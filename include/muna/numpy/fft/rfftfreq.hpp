// numpy.fft.rfftfreq: [0, 1, ..., n//2] * (1.0 / (n * d)), float64, as NumPy computes it.
#pragma once
#include <muna/numpy/fft/fftfreq.hpp>

namespace muna::numpy::fft {
inline Tensor<double> rfftfreq(int64_t n, double d) {
  const double val = detail::sample_scale(n, d);
  const int64_t count = (n >= 0 ? n / 2 : -((-n + 1) / 2)) + 1;  // Python's n // 2 + 1
  Tensor<double> out(Shape{count > 0 ? count : 0});
  for (int64_t i = 0; i < out.size(); ++i) out.data()[i] = static_cast<double>(i) * val;
  return out;
}
}  // namespace muna::numpy::fft
