// numpy.squeeze / ndarray.squeeze and numpy.expand_dims: views without / with length-1 axes.
#pragma once
#include <algorithm>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/axes.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> squeeze(const Tensor<T>& a, const Axes& axis = None) {
  const std::vector<bool> chosen = axis.mask(a.ndim());
  Shape shape, strides;
  for (int64_t i = 0; i < a.ndim(); ++i) {
    if (chosen[i] && a.shape()[i] == 1) continue;
    if (chosen[i] && !axis.all())
      throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
    shape.push_back(a.shape()[i]);
    strides.push_back(a.strides()[i]);
  }
  return a.with_layout(shape, strides);
}
template <class T>
Tensor<T> expand_dims(const Tensor<T>& a, const Axes& axis) {
  const int64_t n = a.ndim() + axis.count();
  const std::vector<bool> added = axis.mask(n);
  Shape shape, strides;
  int64_t src = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (added[i]) {
      shape.push_back(1);
      strides.push_back(0);
    } else {
      shape.push_back(a.shape()[src]);
      strides.push_back(a.strides()[src++]);
    }
  }
  return a.with_layout(shape, strides);
}
}  // namespace muna::numpy
