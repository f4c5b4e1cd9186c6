// numpy.trim_zeros: a view of a 1-d array without its leading (front) and/or trailing (back)
// zeros, as NumPy's loop finds them (NaN is not zero; an array of zeros trims to empty).
#pragma once
#include <cstdint>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> trim_zeros(const Tensor<T>& filt, bool front, bool back) {
  const int64_t n = filt.shape()[0], stride = filt.strides()[0];
  const auto zero = [&](int64_t i) { return static_cast<double>(filt.data()[i * stride]) == 0.0; };
  int64_t first = 0, last = n;
  if (front)
    while (first < n && zero(first)) ++first;
  if (back)
    while (last > 0 && zero(last - 1)) --last;
  if (last < first) last = first;  // NumPy's filt[first:last] of an all-zero array
  return filt.with_layout(Shape{last - first}, Shape{stride}, first * stride);
}
}  // namespace muna::numpy
