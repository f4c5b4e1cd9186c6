// numpy.transpose, ndarray.transpose and .T: a view with permuted axes (reversed by default).
#pragma once
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/shape_arg.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> transpose(const Tensor<T>& a, const Shape& axes) {
  const int64_t n = a.ndim();
  if (static_cast<int64_t>(axes.size()) != n) throw ValueError("axes don't match array");
  Shape shape(n), strides(n);
  std::vector<bool> seen(n, false);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t ax = normalize_axis(axes[i], n);
    if (seen[ax]) throw ValueError("repeated axis in transpose");
    seen[ax] = true;
    shape[i] = a.shape()[ax];
    strides[i] = a.strides()[ax];
  }
  return a.with_layout(shape, strides);
}
template <class T>
Tensor<T> transpose(const Tensor<T>& a, NoneType = None) {
  Shape axes(a.ndim());
  for (int64_t i = 0; i < a.ndim(); ++i) axes[i] = a.ndim() - 1 - i;
  return transpose(a, axes);
}
template <class T, class... I>
Tensor<T> transpose(const Tensor<T>& a, const std::tuple<I...>& axes) {
  Shape list;
  std::apply([&](auto... d) { (list.push_back(static_cast<int64_t>(d)), ...); }, axes);
  return transpose(a, list);
}
}  // namespace muna::numpy
