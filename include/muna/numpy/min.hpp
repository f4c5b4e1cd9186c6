// numpy.min (numpy.amin): NaN-propagating; an empty reduction raises as NumPy does.
#pragma once
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/extremum_from.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct MinimumReducer {
  const char* name = "minimum";
  template <class T>
  T contiguous(const T* x, int64_t n) const { return kernels::extremum<false>(x, n); }
  template <class T>
  T sequential(const T* x, int64_t n) const { return kernels::extremum<false>(x, n); }
};
}  // namespace detail

template <class Out, class T>
Out min(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<T>(a, axis, keepdims, detail::MinimumReducer{}));
}
// initial=v: v joins every row (NaN-propagating) and is the result of an empty one.
template <class Out, class T>
Out min(const Tensor<T>& a, const Axes& axis, bool keepdims, T initial) {
  return detail::finish<Out>(detail::reduce<T>(a, axis, keepdims, detail::ExtremumFrom<false, T>{initial}));
}
}  // namespace muna::numpy
