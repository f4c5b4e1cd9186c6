// numpy.ptp: max - min along the axes (wrapping for integers, as NumPy's subtract).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/max.hpp>
#include <muna/numpy/min.hpp>

namespace muna::numpy {
template <class Out, class T>
Out ptp(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  Tensor<T> hi = max<Tensor<T>>(a, axis, keepdims), lo = min<Tensor<T>>(a, axis, keepdims);
  T* p = hi.data();
  for (int64_t i = 0, n = hi.size(); i < n; ++i) p[i] = kernels::Subtract::scalar(p[i], lo.data()[i]);
  return detail::finish<Out>(hi);
}
}  // namespace muna::numpy
