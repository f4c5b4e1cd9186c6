// numpy.std: the square root of numpy.var (same steps, same rounding).
#pragma once
#include <cmath>

#include <muna/numpy/var.hpp>

namespace muna::numpy {
template <class Out, class T>
Out std(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  using R = detail::element_t<Out>;
  Tensor<R> v = detail::var_tensor<R>(a, axis, ddof, keepdims);
  R* p = v.data();
  for (int64_t i = 0, n = v.size(); i < n; ++i) p[i] = std::sqrt(p[i]);
  return detail::finish<Out>(v);
}
}  // namespace muna::numpy
