// numpy.nanargmin: argmin with NaN read as +inf (see nanargmax.hpp).
#pragma once
#include <muna/numpy/nanargmax.hpp>

namespace muna::numpy {
template <class Out, class T>
Out nanargmin(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::nan_arg_extremum<false, Out>(a, axis, keepdims);
}
}  // namespace muna::numpy
