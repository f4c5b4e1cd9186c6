// numpy.median: the middle element (mean of the two middle ones for an even count) of each row,
// NaN when the row holds a NaN, as NumPy (which partitions, then takes the mean of the middle).
#pragma once
#include <algorithm>
#include <limits>
#include <vector>

#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
// The median of v (n >= 1 values, reordered): NumPy's mean of the two middle ones in R.
template <class R>
R median_of(std::vector<R>& v) {
  const int64_t n = static_cast<int64_t>(v.size()), half = n / 2;
  std::nth_element(v.begin(), v.begin() + half, v.end());
  const R upper = v[half];
  if (n % 2) return upper;
  const R lower = *std::max_element(v.begin(), v.begin() + half);
  return (lower + upper) / R(2);  // NumPy: mean([lower, upper])
}

template <class R>
struct MedianReducer {
  const char* name = nullptr;
  R identity() const { return std::numeric_limits<R>::quiet_NaN(); }
  template <class T>
  R contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  R sequential(const T* x, int64_t n) const {
    std::vector<R> v;
    if (!copy_row_unless_nan(x, n, v)) return std::numeric_limits<R>::quiet_NaN();
    return median_of(v);
  }
};
}  // namespace detail

template <class Out, class T>
Out median(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  axis.require_in_bounds(a.ndim());
  return detail::finish<Out>(detail::reduce<R>(a, axis, keepdims, detail::MedianReducer<R>{}));
}
}  // namespace muna::numpy
