// numpy.argmax: the index of the first extreme element along the axis (of the C-order
// flattened array for axis=None); NaN counts as the extreme, as in NumPy.
#pragma once
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct ArgmaxReducer {
  const char* name = "argmax";
  template <class T>
  int64_t contiguous(const T* x, int64_t n) const { return kernels::arg_extremum<true>(x, n); }
  template <class T>
  int64_t sequential(const T* x, int64_t n) const { return kernels::arg_extremum<true>(x, n); }
};
}  // namespace detail

template <class Out, class T>
Out argmax(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<int64_t>(a, axis, keepdims, detail::ArgmaxReducer{}));
}
}  // namespace muna::numpy
