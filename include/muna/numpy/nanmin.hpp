// numpy.nanmin: NaN elements are skipped; a row of only NaN gives NaN (NumPy also warns).
#pragma once
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct NanFminReducer {
  const char* name = "fmin";
  template <class T>
  T contiguous(const T* x, int64_t n) const { return kernels::nan_extremum<false>(x, n); }
  template <class T>
  T sequential(const T* x, int64_t n) const { return kernels::nan_extremum<false>(x, n); }
};
}  // namespace detail

template <class Out, class T>
Out nanmin(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<T>(a, axis, keepdims, detail::NanFminReducer{}));
}
}  // namespace muna::numpy
