// numpy.partition / argpartition: each kth element (an int or a sequence of them) where a sort
// would put it, the elements before it no greater and those after no smaller (NaN last, as
// NumPy orders); the order inside each part is unspecified, as in NumPy. Per lane: nth_element
// for each kth in increasing order on the part after the previous one.
#pragma once
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include <muna/numpy/detail/index_list.hpp>
#include <muna/numpy/sort.hpp>

namespace muna::numpy {
namespace detail {
// kth normalised and sorted; NumPy checks them only for a non-empty array.
template <class Kth>
std::vector<int64_t> kth_positions(const Kth& kth, int64_t n, bool empty) {
  std::vector<int64_t> ks = index_list(kth);
  for (int64_t& k : ks) {
    if (!empty && (k < -n || k >= n))
      throw ValueError("kth(=" + std::to_string(k < 0 ? k + n : k) + ") out of bounds (" + std::to_string(n) + ")");
    if (k < 0) k += n;
  }
  std::sort(ks.begin(), ks.end());
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  return ks;
}

template <bool Indices, class R, class T, class Kth>
Tensor<R> partitioned(const Tensor<T>& a, const Kth& kth, int64_t axis) {
  axis = normalize_axis(axis, a.ndim());
  const std::vector<int64_t> ks = kth_positions(kth, a.shape()[static_cast<size_t>(axis)], a.size() == 0);
  Tensor<R> out(a.shape());
  along_axis(a, axis, out, [&](const T* x, int64_t n, int64_t sx, R* y, int64_t sy) {
    if (n == 0) return;
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), int64_t{0});
    auto less = [&](int64_t i, int64_t j) { return sort_less(x[i * sx], x[j * sx]); };
    int64_t from = 0;
    for (int64_t k : ks) {
      std::nth_element(order.begin() + from, order.begin() + k, order.end(), less);
      from = k + 1;
    }
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (Indices) y[i * sy] = order[static_cast<size_t>(i)];
      else y[i * sy] = x[order[static_cast<size_t>(i)] * sx];
    }
  });
  return out;
}
}  // namespace detail

template <class T, class Kth>
Tensor<T> partition(const Tensor<T>& a, const Kth& kth, int64_t axis) {
  return detail::partitioned<false, T>(a, kth, axis);
}
template <class T, class Kth>
Tensor<T> partition(const Tensor<T>& a, const Kth& kth, NoneType) {
  return detail::partitioned<false, T>(detail::flat(a), kth, 0);
}
template <class T, class Kth>
Tensor<int64_t> argpartition(const Tensor<T>& a, const Kth& kth, int64_t axis) {
  if (a.ndim() == 0) return detail::partitioned<true, int64_t>(detail::flat(a), kth, 0);  // as argsort
  return detail::partitioned<true, int64_t>(a, kth, axis);
}
template <class T, class Kth>
Tensor<int64_t> argpartition(const Tensor<T>& a, const Kth& kth, NoneType) {
  return detail::partitioned<true, int64_t>(detail::flat(a), kth, 0);
}
}  // namespace muna::numpy
