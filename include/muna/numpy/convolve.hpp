// numpy.convolve of two 1-d arrays: the longer one slides under the reversed shorter one;
// modes 'full' (n + m - 1 values), 'same' (n, centred as NumPy: from (m - 1) / 2) and 'valid'
// (n - m + 1). Sums run in the result dtype, in order (NumPy's BLAS dot may sum in another
// order: the registered tolerance).
#pragma once
#include <string>
#include <utility>

#include <muna/kernels/arith.hpp>
#include <muna/numpy/concatenate.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> convolve(const Tensor<T>& a, const Tensor<T>& v, const std::string& mode) {
  if (a.ndim() > 1 || v.ndim() > 1) throw ValueError("object too deep for desired array");
  Tensor<T> x = contiguous(detail::at_least(a, 1)), y = contiguous(detail::at_least(v, 1));  // ndmin=1
  if (y.size() > x.size()) std::swap(x, y);
  if (x.size() == 0) throw ValueError("a cannot be empty");
  if (y.size() == 0) throw ValueError("v cannot be empty");
  const int64_t n = x.size(), m = y.size();
  int64_t start = 0, length = n + m - 1;
  if (mode == "same") start = (m - 1) / 2, length = n;
  else if (mode == "valid") start = m - 1, length = n - m + 1;
  else if (mode != "full") throw ValueError("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  Tensor<T> out(Shape{length});
  for (int64_t k = 0; k < length; ++k) {
    const int64_t c = k + start;  // full-convolution index: sum over j of x[c - j] * y[j]
    T acc = T(0);
    for (int64_t j = std::max<int64_t>(0, c - n + 1); j <= std::min(c, m - 1); ++j)
      acc = kernels::Add::scalar(acc, kernels::Multiply::scalar(x.data()[c - j], y.data()[j]));
    out.data()[k] = acc;
  }
  return out;
}
}  // namespace muna::numpy
