// numpy.sum: pairwise summation along contiguous rows, in-order accumulation otherwise (as NumPy).
#pragma once
#include <type_traits>

#include <muna/kernels/reduce.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
template <class U>
struct SumReducer {
  const char* name = nullptr;
  template <class T>
  U contiguous(const T* x, int64_t n) const {
    if constexpr (std::is_same_v<T, U> && std::is_floating_point_v<U>) return kernels::pairwise_sum(x, n);
    else return sequential(x, n);
  }
  template <class T>
  U sequential(const T* x, int64_t n) const {
    if constexpr (std::is_same_v<U, bool>) {  // bool sum with dtype=bool is logical or
      for (int64_t i = 0; i < n; ++i) if (x[i]) return true;
      return false;
    } else {
      using W = kernels::detail::wrap_t<U>;
      W sum = static_cast<W>(static_cast<U>(x[0]));  // integers wrap, as NumPy's
      for (int64_t i = 1; i < n; ++i) sum = static_cast<W>(sum + static_cast<W>(static_cast<U>(x[i])));
      return static_cast<U>(sum);
    }
  }
};
}  // namespace detail

// Out: the result type the compiler chose (Tensor<R>, or R for a scalar result).
template <class Out, class T>
Out sum(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  return detail::finish<Out>(detail::reduce<R>(a, axis, keepdims, detail::SumReducer<R>{}));
}
}  // namespace muna::numpy
