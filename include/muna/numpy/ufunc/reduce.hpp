// ufunc.reduce by a ufunc's functor (the reductions that are not numpy.sum/prod/max/min/all/any
// already): the elements of each reduced row combined in order, op(op(x0, x1), x2)..., in the
// loop dtype U; `start` is initial= or the ufunc's identity (which an empty row gives), or None
// when it has none (an empty row is then NumPy's ValueError).
#pragma once
#include <optional>
#include <string>

#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/reduce.hpp>

namespace muna::numpy::ufunc {
namespace detail {
template <class Op, class U>
struct FunctorReducer {
  const char* name;  // nullptr when `start` exists
  std::optional<U> start;
  U identity() const { return *start; }
  template <class T>
  U contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  U sequential(const T* x, int64_t n) const {
    int64_t i = 0;
    U acc = start ? *start : convert_element<U>(x[i++]);
    for (; i < n; ++i) acc = Op::scalar(acc, convert_element<U>(x[i]));
    return acc;
  }
};
template <class U> std::optional<U> start_of(NoneType) { return std::nullopt; }
template <class U, class S> std::optional<U> start_of(const S& s) { return static_cast<U>(s); }
}  // namespace detail

template <class Op, class Out, class T, class Start>
Out reduce(const Tensor<T>& array, const Axes& axis, bool keepdims, const Start& start,
           const std::string& name) {
  using U = numpy::detail::element_t<Out>;
  const std::optional<U> first = detail::start_of<U>(start);
  const detail::FunctorReducer<Op, U> reducer{first ? nullptr : name.c_str(), first};
  return numpy::detail::finish<Out>(numpy::detail::reduce<U>(array, axis, keepdims, reducer));
}
}  // namespace muna::numpy::ufunc
