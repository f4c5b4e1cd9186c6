// numpy.count_nonzero: an int64 count per output element (a Python int for axis=None).
#pragma once
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
struct CountNonzeroReducer {
  const char* name = nullptr;
  template <class T>
  int64_t contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  int64_t sequential(const T* x, int64_t n) const {
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i) count += x[i] != T(0);
    return count;
  }
};
}  // namespace detail

template <class Out, class T>
Out count_nonzero(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::finish<Out>(detail::reduce<int64_t>(a, axis, keepdims, detail::CountNonzeroReducer{}));
}
}  // namespace muna::numpy
