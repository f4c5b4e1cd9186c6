// numpy.quantile and numpy.percentile (method='linear'): for each row, the value at virtual
// index q * (n - 1), interpolated between its neighbours with NumPy 1.24's _lerp (which
// computes from the nearer end for t >= 0.5), in float64; NaN when the row holds a NaN.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
template <class R>
struct QuantileReducer {
  double q;
  const char* name = nullptr;
  R identity() const { return std::numeric_limits<R>::quiet_NaN(); }
  template <class T>
  R contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  R sequential(const T* x, int64_t n) const {
    std::vector<T> v(x, x + n);
    for (T e : v) if (std::isnan(static_cast<double>(e))) return std::numeric_limits<R>::quiet_NaN();
    std::sort(v.begin(), v.end());
    const double index = q * static_cast<double>(n - 1);
    const int64_t below = std::min<int64_t>(static_cast<int64_t>(std::floor(index)), n - 1);
    const int64_t above = std::min<int64_t>(below + 1, n - 1);
    const double t = index - static_cast<double>(below);
    // NumPy's _lerp subtracts in the array's dtype, then weighs in float64.
    const double a = static_cast<double>(v[below]), b = static_cast<double>(v[above]);
    const double diff = static_cast<double>(static_cast<T>(v[above] - v[below]));
    return static_cast<R>(t >= 0.5 ? b - diff * (1 - t) : a + diff * t);
  }
};
}  // namespace detail

template <class Out, class T>
Out quantile(const Tensor<T>& a, double q, double scale, const Axes& axis = None,
             bool keepdims = false) {
  q /= scale;
  if (!(q >= 0 && q <= 1))
    throw ValueError(scale == 100 ? "Percentiles must be in the range [0, 100]"
                                  : "Quantiles must be in the range [0, 1]");
  using R = detail::element_t<Out>;
  axis.require_in_bounds(a.ndim());
  // NumPy takes from an empty reduced axis (for a non-empty result) and fails.
  const std::vector<bool> reduced = axis.mask(a.ndim());
  int64_t along = 1, kept = 1;
  for (int64_t i = 0; i < a.ndim(); ++i) (reduced[i] ? along : kept) *= a.shape()[i];
  if (along == 0 && kept > 0) throw IndexError("cannot do a non-empty take from an empty axes.");
  return detail::finish<Out>(detail::reduce<R>(a, axis, keepdims, detail::QuantileReducer<R>{q}));
}
}  // namespace muna::numpy
