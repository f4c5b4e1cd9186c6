// numpy.swapaxes / ndarray.swapaxes, and numpy.moveaxis: views with exchanged or moved axes.
#pragma once
#include <algorithm>

#include <muna/numpy/transpose.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> swapaxes(const Tensor<T>& a, int64_t axis1, int64_t axis2) {
  Shape axes(a.ndim());
  for (int64_t i = 0; i < a.ndim(); ++i) axes[i] = i;
  std::swap(axes[normalize_axis(axis1, a.ndim())], axes[normalize_axis(axis2, a.ndim())]);
  return transpose(a, axes);
}
template <class T>
Tensor<T> moveaxis(const Tensor<T>& a, int64_t source, int64_t destination) {
  const int64_t n = a.ndim();
  source = normalize_axis(source, n);
  destination = normalize_axis(destination, n);
  Shape order;
  for (int64_t i = 0; i < n; ++i) if (i != source) order.push_back(i);
  order.insert(order.begin() + destination, source);
  return transpose(a, order);
}
}  // namespace muna::numpy
