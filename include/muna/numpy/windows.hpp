// numpy.hanning, numpy.hamming, numpy.blackman and numpy.bartlett: NumPy 1.24's formulas term
// for term, in its order (n = 1 - M, 3 - M, ..., M - 1; cos(pi * n / (M - 1)), ...), float64;
// M < 1 is an empty window, M == 1 a single 1.
#pragma once
#include <cmath>
#include <cstdint>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
constexpr double window_pi = 3.141592653589793;  // numpy.pi

template <class Formula>
Tensor<double> window(int64_t m, Formula formula) {
  Tensor<double> out(Shape{m < 1 ? 0 : m});
  if (m == 1) out.data()[0] = 1.0;
  if (m <= 1) return out;
  const double last = static_cast<double>(m - 1);
  for (int64_t i = 0; i < m; ++i) out.data()[i] = formula(static_cast<double>(1 - m + 2 * i), last);
  return out;
}
}  // namespace detail

inline Tensor<double> hanning(int64_t m) {
  return detail::window(m, [](double n, double last) { return 0.5 + 0.5 * std::cos(detail::window_pi * n / last); });
}
inline Tensor<double> hamming(int64_t m) {
  return detail::window(m, [](double n, double last) { return 0.54 + 0.46 * std::cos(detail::window_pi * n / last); });
}
inline Tensor<double> blackman(int64_t m) {
  return detail::window(m, [](double n, double last) {
    return 0.42 + 0.5 * std::cos(detail::window_pi * n / last) + 0.08 * std::cos(2.0 * detail::window_pi * n / last);
  });
}
inline Tensor<double> bartlett(int64_t m) {
  return detail::window(m, [](double n, double last) { return n <= 0 ? 1 + n / last : 1 - n / last; });
}
}  // namespace muna::numpy
