// numpy.nanstd: the square root of numpy.nanvar (same steps, same rounding).
#pragma once
#include <muna/numpy/nanvar.hpp>

namespace muna::numpy {
template <class Out, class T>
Out nanstd(const Tensor<T>& a, const Axes& axis = None, int64_t ddof = 0, bool keepdims = false) {
  return detail::finish<Out>(detail::square_root(detail::nanvar_tensor<detail::element_t<Out>>(a, axis, ddof, keepdims)));
}
}  // namespace muna::numpy
