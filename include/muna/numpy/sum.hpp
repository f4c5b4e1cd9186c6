// numpy.sum: pairwise summation along contiguous rows, in-order accumulation otherwise (as NumPy).
#pragma once
#include <type_traits>

#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
template <class U>
struct SumReducer {
  const char* name = nullptr;
  template <class T>
  U contiguous(const T* x, int64_t n) const {
    if constexpr (std::is_same_v<T, U>) return kernels::pairwise_sum(x, n);
    else return sequential(x, n);
  }
  template <class T>
  U sequential(const T* x, int64_t n) const {
    if (n == 0) return U{};
    U sum = static_cast<U>(x[0]);
    for (int64_t i = 1; i < n; ++i) sum += static_cast<U>(x[i]);
    return sum;
  }
};
}  // namespace detail

// U is the result dtype the compiler chose (NumPy's rules); void means T.
template <class U = void, class T, class R = std::conditional_t<std::is_void_v<U>, T, U>>
Tensor<R> sum(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::reduce<R>(a, axis, keepdims, detail::SumReducer<R>{});
}
}  // namespace muna::numpy
