// numpy.around / numpy.round / ndarray.round: NumPy's algorithm for floats (scale by
// 10**decimals, round half to even, unscale; for negative decimals divide first), so results
// match NumPy's including its double rounding; integers are rounded only for decimals < 0.
#pragma once
#include <cmath>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> around(const Tensor<T>& a, int64_t decimals = 0) {
  Tensor<T> out = cast<T>(a);
  T* p = out.data();
  const int64_t n = out.size();
  if constexpr (std::is_floating_point_v<T>) {
    if (decimals == 0) {
      for (int64_t i = 0; i < n; ++i) p[i] = std::nearbyint(p[i]);
    } else {
      const T f = static_cast<T>(std::pow(10.0, static_cast<double>(decimals < 0 ? -decimals : decimals)));
      for (int64_t i = 0; i < n; ++i)
        p[i] = decimals > 0 ? std::nearbyint(p[i] * f) / f : std::nearbyint(p[i] / f) * f;
    }
  } else if constexpr (!std::is_same_v<T, bool>) {
    if (decimals < 0) {
      // NumPy: (x / 10**-d) rounded half to even, times 10**-d, in integers.
      int64_t f = 1;
      for (int64_t k = 0; k < -decimals && f < (int64_t{1} << 62) / 10; ++k) f *= 10;
      for (int64_t i = 0; i < n; ++i) {
        const double q = std::nearbyint(static_cast<double>(p[i]) / static_cast<double>(f));
        p[i] = static_cast<T>(static_cast<int64_t>(q) * f);
      }
    }
  }
  return out;
}
}  // namespace muna::numpy
