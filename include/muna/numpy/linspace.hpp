// numpy.linspace for scalar endpoints, NumPy 1.24's steps: y[i] = i * step + start in float64
// (i * delta / div when the step underflows to zero), the last value exactly stop when
// endpoint, floored for integer dtypes, then converted to T.
#pragma once
#include <cmath>
#include <limits>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> linspace(double start, double stop, int64_t num = 50, bool endpoint = true) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const int64_t div = endpoint ? num - 1 : num;
  const double delta = stop - start;
  const double step = div > 0 ? delta / static_cast<double>(div) : std::numeric_limits<double>::quiet_NaN();
  Tensor<T> out(Shape{num});
  for (int64_t i = 0; i < num; ++i) {
    double y = static_cast<double>(i);
    if (div > 0) y = step == 0 ? (y / static_cast<double>(div)) * delta : y * step;
    else y = y * delta;
    y += start;
    if (endpoint && num > 1 && i == num - 1) y = stop;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) y = std::floor(y);
    out.data()[i] = convert_element<T>(y);
  }
  return out;
}
}  // namespace muna::numpy
