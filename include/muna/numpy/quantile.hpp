// numpy.quantile and numpy.percentile (method='linear'): for each row, the value at virtual
// index q * (n - 1), interpolated between its neighbours with NumPy 1.24's _lerp (which
// computes from the nearer end for t >= 0.5), in float64; NaN when the row holds a NaN. An
// integer q (quantile only) is NumPy's direct path: the element itself, in a's dtype. An array
// of q gives one result per q, stacked along a new first axis.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
// The linear-method quantile q of the sorted values v[0..n) (n >= 1), as NumPy 1.24 computes it.
template <class R, class T>
R quantile_of_sorted(const T* v, int64_t n, double q, bool direct) {
  if (direct) return static_cast<R>(v[static_cast<int64_t>(q) * (n - 1)]);
  const double index = q * static_cast<double>(n - 1);
  const int64_t below = std::min<int64_t>(static_cast<int64_t>(std::floor(index)), n - 1);
  const int64_t above = std::min<int64_t>(below + 1, n - 1);
  const double t = index - static_cast<double>(below);
  // NumPy's _lerp subtracts in the array's dtype, then weighs in float64.
  const double a = static_cast<double>(v[below]), b = static_cast<double>(v[above]);
  const double diff = static_cast<double>(static_cast<T>(v[above] - v[below]));
  return static_cast<R>(t >= 0.5 ? b - diff * (1 - t) : a + diff * t);
}

template <class R>
struct QuantileReducer {
  double q;
  bool direct;  // integer q: the element at q * (n - 1), no interpolation
  const char* name = nullptr;
  R identity() const { return std::numeric_limits<R>::quiet_NaN(); }
  template <class T>
  R contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  R sequential(const T* x, int64_t n) const {
    std::vector<T> v;
    if (!copy_row_unless_nan(x, n, v)) return std::numeric_limits<R>::quiet_NaN();
    std::sort(v.begin(), v.end());
    return quantile_of_sorted<R>(v.data(), n, q, direct);
  }
};

template <class R, class T>
Tensor<R> quantile_tensor(const Tensor<T>& a, double q, bool direct, const Axes& axis, bool keepdims) {
  axis.require_in_bounds(a.ndim());
  // NumPy takes from an empty reduced axis (for a non-empty result) and fails.
  const std::vector<bool> reduced = axis.mask(a.ndim());
  int64_t along = 1, kept = 1;
  for (int64_t i = 0; i < a.ndim(); ++i) (reduced[i] ? along : kept) *= a.shape()[i];
  if (along == 0 && kept > 0) throw IndexError("cannot do a non-empty take from an empty axes.");
  return reduce<R>(a, axis, keepdims, QuantileReducer<R>{q, direct});
}

inline void check_quantile(double q, double scale) {
  if (!(q >= 0 && q <= 1))
    throw ValueError(scale == 100 ? "Percentiles must be in the range [0, 100]"
                                  : "Quantiles must be in the range [0, 1]");
}
}  // namespace detail

// q: a number, or an array of numbers; percentile passes scale 100.
template <class Out, class T>
Out quantile(const Tensor<T>& a, double q, double scale, bool direct, const Axes& axis = None,
             bool keepdims = false) {
  q /= scale;
  detail::check_quantile(q, scale);
  return detail::finish<Out>(detail::quantile_tensor<detail::element_t<Out>>(a, q, direct, axis, keepdims));
}
namespace detail {
// An array of q: one result per q (each of `each_q(q)`'s shape), stacked along new first axes.
template <class R, class EachQ>
Tensor<R> stack_over_q(const Tensor<double>& q, double scale, EachQ&& each_q) {
  const Tensor<double> qs = contiguous(q);
  for (int64_t i = 0; i < qs.size(); ++i) check_quantile(qs.data()[i] / scale, scale);
  Shape shape = qs.shape();
  const Shape each = each_q(0.0).shape();
  shape.insert(shape.end(), each.begin(), each.end());
  Tensor<R> out(shape);
  const int64_t block = shape_size(each);
  for (int64_t i = 0; i < qs.size(); ++i) {
    const Tensor<R> r = each_q(qs.data()[i] / scale);
    std::copy(r.data(), r.data() + block, out.data() + i * block);
  }
  return out;
}
}  // namespace detail

template <class Out, class T>
Out quantile(const Tensor<T>& a, const Tensor<double>& q, double scale, bool direct, const Axes& axis = None,
             bool keepdims = false) {
  using R = detail::element_t<Out>;
  return detail::stack_over_q<R>(q, scale, [&](double qi) {
    return detail::quantile_tensor<R>(a, qi, direct, axis, keepdims);
  });
}
}  // namespace muna::numpy
