// numpy.bincount of a 1-d array of non-negative integers: the count of each value (int64), or
// the sum of the weights at each value (float64, in input order, as NumPy adds them), at least
// minlength long.
#pragma once
#include <algorithm>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
// The length of the result, after NumPy's checks of x and minlength.
inline int64_t bincount_length(const Tensor<int64_t>& x, int64_t minlength) {
  if (x.ndim() != 1) throw ValueError("object too deep for desired array");
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  int64_t top = -1;
  for (int64_t i = 0, n = x.size(); i < n; ++i) {
    const int64_t v = x.data()[i];
    if (v < 0) throw ValueError("'list' argument must have no negative elements");
    top = std::max(top, v);
  }
  return std::max(top + 1, minlength);
}
}  // namespace detail

inline Tensor<int64_t> bincount(const Tensor<int64_t>& x, NoneType, int64_t minlength) {
  const Tensor<int64_t> v = contiguous(x);
  Tensor<int64_t> out = Tensor<int64_t>::full(Shape{detail::bincount_length(v, minlength)}, 0);
  for (int64_t i = 0, n = v.size(); i < n; ++i) ++out.data()[v.data()[i]];
  return out;
}

inline Tensor<double> bincount(const Tensor<int64_t>& x, const Tensor<double>& weights, int64_t minlength) {
  const Tensor<int64_t> v = contiguous(x);
  const int64_t length = detail::bincount_length(v, minlength);
  if (weights.ndim() != 1) throw ValueError("object too deep for desired array");
  if (weights.size() != v.size())
    throw ValueError("The weights and list don't have the same length.");
  const Tensor<double> w = contiguous(weights);
  Tensor<double> out = Tensor<double>::full(Shape{length}, 0.0);
  for (int64_t i = 0, n = v.size(); i < n; ++i) out.data()[v.data()[i]] += w.data()[i];
  return out;
}
}  // namespace muna::numpy
