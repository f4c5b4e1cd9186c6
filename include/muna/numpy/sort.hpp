// numpy.sort / argsort along an axis (flattened for axis=None): a stable sort with NaN last, as
// NumPy orders (partition.hpp selects with the same order).
#pragma once
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy {
namespace detail {
// NumPy's order: NaN after everything, else <.
template <class T>
bool sort_less(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
  }
  return a < b;
}

template <class T>
Tensor<T> flat(const Tensor<T>& a);

template <class R, bool Indices, class T>
Tensor<R> sorted(const Tensor<T>& a, int64_t axis) {
  // NumPy's argsort of a 0-d array is [0]; its sort raises AxisError (from normalize_axis).
  if (Indices && a.ndim() == 0) return sorted<R, Indices>(flat(a), 0);
  axis = normalize_axis(axis, a.ndim());
  Tensor<R> out(a.shape());
  along_axis(a, axis, out, [](const T* x, int64_t n, int64_t sx, R* y, int64_t sy) {
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t i, int64_t j) { return sort_less(x[i * sx], x[j * sx]); });
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (Indices) y[i * sy] = order[i];
      else y[i * sy] = x[order[i] * sx];
    }
  });
  return out;
}
template <class T>
Tensor<T> flat(const Tensor<T>& a) {
  const Tensor<T> c = contiguous(a);
  return c.with_layout(Shape{c.size()}, Shape{1});
}
}  // namespace detail

template <class T>
Tensor<T> sort(const Tensor<T>& a, int64_t axis = -1) { return detail::sorted<T, false>(a, axis); }
template <class T>
Tensor<T> sort(const Tensor<T>& a, NoneType) { return detail::sorted<T, false>(detail::flat(a), 0); }
template <class T>
Tensor<int64_t> argsort(const Tensor<T>& a, int64_t axis = -1) {
  return detail::sorted<int64_t, true>(a, axis);
}
template <class T>
Tensor<int64_t> argsort(const Tensor<T>& a, NoneType) {
  return detail::sorted<int64_t, true>(detail::flat(a), 0);
}

}  // namespace muna::numpy
