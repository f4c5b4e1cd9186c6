// numpy.mean: the sum (in the result dtype) divided by the count, as NumPy's _mean does.
#pragma once
#include <limits>

#include <muna/numpy/sum.hpp>

namespace muna::numpy {
// U is the result dtype the compiler chose (NumPy's rules); void means T.
template <class U = void, class T, class R = std::conditional_t<std::is_void_v<U>, T, U>>
Tensor<R> mean(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  Tensor<R> total = sum<R>(a, axis, keepdims);
  const int64_t count = total.size() ? a.size() / total.size() : 0;
  R* p = total.data();
  for (int64_t i = 0, n = total.size(); i < n; ++i)
    p[i] = count ? p[i] / static_cast<R>(count) : std::numeric_limits<R>::quiet_NaN();
  return total;
}
}  // namespace muna::numpy
