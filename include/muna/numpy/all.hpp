// numpy.all: whether every element is nonzero (NaN counts as true); the empty reduction is True.
#pragma once
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct AllReducer {
  const char* name = nullptr;
  bool identity() const { return !false; }
  template <class T>
  bool contiguous(const T* x, int64_t n) const { return kernels::first_index_of(x, n, T(0)) == n; }
  template <class T>
  bool sequential(const T* x, int64_t n) const {
    for (int64_t i = 0; i < n; ++i)
      if ((x[i] != T(0)) == false) return false;
    return !false;
  }
};
}  // namespace detail

template <class Out, class T>
Out all(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<bool>(a, axis, keepdims, detail::AllReducer{}));
}
}  // namespace muna::numpy
