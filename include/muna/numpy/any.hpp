// numpy.any: whether any element is nonzero (NaN counts as true); the empty reduction is False.
#pragma once
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct AnyReducer {
  const char* name = nullptr;
  bool identity() const { return !true; }
  template <class T>
  bool contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  bool sequential(const T* x, int64_t n) const {
    for (int64_t i = 0; i < n; ++i)
      if ((x[i] != T(0)) == true) return true;
    return !true;
  }
};
}  // namespace detail

template <class Out, class T>
Out any(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<bool>(a, axis, keepdims, detail::AnyReducer{}));
}
}  // namespace muna::numpy
