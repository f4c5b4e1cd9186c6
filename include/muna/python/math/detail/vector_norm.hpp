// CPython's vector_norm (Modules/mathmodule.c), behind hypot and dist: sqrt of a sum of squares
// with power-of-two scaling, Veltkamp-Dekker squaring, compensated summation and a differential
// correction of the square root; the same operations in the same order, so CPython's result.
#pragma once
#include <cmath>
#include <vector>
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::math::detail {

// `vec` holds absolute values; `max` is the largest (inf if any is), `found_nan` whether one
// is a NaN.
inline double vector_norm(const std::vector<double>& vec, double max, bool found_nan) {
  const double T27 = 134217729.0;  // ldexp(1.0, 27) + 1.0
  double x, scale, oldcsum, csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  double t, hi, lo, h;
  int max_e;
  const size_t n = vec.size();
  if (std::isinf(max)) return max;
  if (found_nan) return NAN;
  if (max == 0.0 || n <= 1) return max;
  std::frexp(max, &max_e);
  if (max_e >= -1023) {
    scale = std::ldexp(1.0, -max_e);
    for (size_t i = 0; i < n; i++) {
      x = vec[i];
      x *= scale;
      t = x * T27;
      hi = t - (t - x);
      lo = x - hi;
      x = hi * hi;
      oldcsum = csum;
      csum += x;
      frac1 += (oldcsum - csum) + x;
      x = 2.0 * hi * lo;
      oldcsum = csum;
      csum += x;
      frac2 += (oldcsum - csum) + x;
      frac3 += lo * lo;
    }
    h = std::sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    x = h;
    t = x * T27;
    hi = t - (t - x);
    lo = x - hi;
    x = -hi * hi;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  // Below 2**-1023 the scale would overflow: divide by max instead.
  for (size_t i = 0; i < n; i++) {
    x = vec[i];
    x /= max;
    x = x * x;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
  }
  return max * std::sqrt(csum - 1.0 + frac1);
}

// Collects absolute values with their max and NaN flag, as hypot and dist do.
struct NormInput {
  std::vector<double> values;
  double max = 0.0;
  bool found_nan = false;

  void add(double x) {
    x = std::fabs(x);
    values.push_back(x);
    found_nan |= std::isnan(x);
    if (x > max) max = x;
  }
  double norm() const { return vector_norm(values, max, found_nan); }
};

}  // namespace muna::python::math::detail
MUNA_FP_EXACT_END
