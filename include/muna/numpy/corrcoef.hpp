// numpy.corrcoef: numpy.cov divided by the outer product of the standard deviations (row, then
// column, as NumPy divides), clipped to [-1, 1]; a single variable gives c / c.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

#include <muna/numpy/cov.hpp>

namespace muna::numpy {
template <class Y>
Tensor<double> corrcoef(const Tensor<double>& x, const Y& y, bool rowvar) {
  Tensor<double> c = cov(x, y, rowvar, false, std::nullopt);
  double* p = c.data();
  if (c.ndim() == 0) {
    p[0] = p[0] / p[0];
    return c;
  }
  const int64_t n = c.shape()[0];
  std::vector<double> stddev(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) stddev[i] = std::sqrt(p[i * n + i]);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double& v = p[i * n + j];
      v = v / stddev[i] / stddev[j];
      v = std::clamp(v, -1.0, 1.0);  // NaN stays NaN, as np.clip
    }
  return c;
}
}  // namespace muna::numpy
