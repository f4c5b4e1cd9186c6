// numpy.roll: elements shifted cyclically along an axis (of the flattened array for axis=None);
// tuples of shifts and axes (paired by the compiler, as NumPy broadcasts them) add up per axis.
#pragma once
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> roll(const Tensor<T>& a, int64_t shift, int64_t axis) {
  axis = normalize_axis(axis, a.ndim());
  Tensor<T> out(a.shape());
  detail::along_axis(a, axis, out, [shift](const T* x, int64_t n, int64_t sx, T* y, int64_t sy) {
    if (n == 0) return;
    const int64_t s = ((shift % n) + n) % n;
    for (int64_t i = 0; i < n; ++i) y[((i + s) % n) * sy] = x[i * sx];
  });
  return out;
}
template <class T>
Tensor<T> roll(const Tensor<T>& a, int64_t shift, NoneType = None) {
  const Tensor<T> flat = contiguous(a);
  const Tensor<T> rolled = roll(flat.with_layout(Shape{flat.size()}, Shape{1}), shift, 0);
  return rolled.with_layout(a.shape(), contiguous_strides(a.shape()));
}
template <class T, class... S, class... A>
Tensor<T> roll(const Tensor<T>& a, const std::tuple<S...>& shifts, const std::tuple<A...>& axes) {
  std::vector<int64_t> shift, axis, total(static_cast<size_t>(a.ndim()), 0);
  std::apply([&](auto... s) { (shift.push_back(static_cast<int64_t>(s)), ...); }, shifts);
  std::apply([&](auto... x) { (axis.push_back(static_cast<int64_t>(x)), ...); }, axes);
  for (size_t i = 0; i < shift.size(); ++i) total[normalize_axis(axis[i], a.ndim())] += shift[i];
  Tensor<T> out = cast<T>(a);  // a new array, as NumPy's, even when nothing moves
  for (int64_t d = 0; d < a.ndim(); ++d)
    if (total[d] != 0) out = roll(out, total[d], d);
  return out;
}
template <class T, class... S>
Tensor<T> roll(const Tensor<T>& a, const std::tuple<S...>& shifts, NoneType) {
  int64_t total = 0;
  std::apply([&](auto... s) { ((total += static_cast<int64_t>(s)), ...); }, shifts);
  return roll(a, total, None);
}
}  // namespace muna::numpy
