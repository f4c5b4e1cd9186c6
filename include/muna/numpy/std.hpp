// numpy.std: the square root of numpy.var (same steps, same rounding).
#pragma once
#include <muna/numpy/var.hpp>

namespace muna::numpy {
template <class Out, class T>
Out std(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  return detail::finish<Out>(detail::square_root(detail::var_tensor<detail::element_t<Out>>(a, axis, ddof, keepdims)));
}
}  // namespace muna::numpy
