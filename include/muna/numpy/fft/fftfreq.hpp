// numpy.fft.fftfreq: [0, 1, ..., (n-1)//2, -(n//2), ..., -1] * (1.0 / (n * d)), float64, computed
// as NumPy does (an int array times one double).
#pragma once
#include <string>

#include <muna/core/tensor.hpp>

namespace muna::numpy::fft {
namespace detail {
// 1.0 / (n * d) as Python evaluates it (a float division by zero raises).
inline double sample_scale(int64_t n, double d) {
  const double denominator = static_cast<double>(n) * d;
  if (denominator == 0.0) throw ZeroDivisionError("float division by zero");
  return 1.0 / denominator;
}
}  // namespace detail

inline Tensor<double> fftfreq(int64_t n, double d) {
  const double val = detail::sample_scale(n, d);
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  Tensor<double> out(Shape{n});
  const int64_t positive = (n - 1) / 2 + 1;  // n >= 1 here: C++ and Python division agree
  for (int64_t i = 0; i < n; ++i)
    out.data()[i] = static_cast<double>(i < positive ? i : i - n) * val;
  return out;
}
}  // namespace muna::numpy::fft
