// numpy.prod: products in order along each row (NumPy has no pairwise order for multiply).
#pragma once
#include <type_traits>

#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy {
namespace detail {
template <class U>
struct ProdReducer {
  const char* name = nullptr;
  U identity() const { return U(1); }
  template <class T>
  U contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  U sequential(const T* x, int64_t n) const {
    if constexpr (std::is_same_v<U, bool>) {
      for (int64_t i = 0; i < n; ++i) if (!x[i]) return false;
      return true;
    } else {
      using W = kernels::detail::wrap_t<U>;
      W p = static_cast<W>(static_cast<U>(x[0]));
      for (int64_t i = 1; i < n; ++i) p = static_cast<W>(p * static_cast<W>(static_cast<U>(x[i])));
      return static_cast<U>(p);
    }
  }
};
}  // namespace detail

template <class Out, class T>
Out prod(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  using R = detail::element_t<Out>;
  return detail::finish<Out>(detail::reduce<R>(a, axis, keepdims, detail::ProdReducer<R>{}));
}
}  // namespace muna::numpy
