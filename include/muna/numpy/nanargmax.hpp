// numpy.nanargmax / nanargmin: argmax / argmin with NaN read as -inf / +inf; a reduced row that
// is all NaN (or empty) is NumPy's ValueError("All-NaN slice encountered"). Integer arrays are
// argmax / argmin themselves.
#pragma once
#include <cmath>
#include <limits>
#include <type_traits>

#include <muna/numpy/argmax.hpp>
#include <muna/numpy/argmin.hpp>

namespace muna::numpy {
namespace detail {
struct AllNanReducer {
  const char* name = nullptr;
  bool identity() const { return true; }  // NumPy's np.all over an empty row
  template <class T>
  bool contiguous(const T* x, int64_t n) const { return sequential(x, n); }
  template <class T>
  bool sequential(const T* x, int64_t n) const {
    for (int64_t i = 0; i < n; ++i)
      if (!std::isnan(x[i])) return false;
    return true;
  }
};

template <bool Max, class Out, class T>
Out nan_arg_extremum(const Tensor<T>& a, const Axes& axis, bool keepdims) {
  if constexpr (std::is_floating_point_v<T>) {
    const Tensor<bool> all_nan = reduce<bool>(a, axis, false, AllNanReducer{});
    for (int64_t i = 0; i < all_nan.size(); ++i)
      if (all_nan.data()[i]) throw ValueError("All-NaN slice encountered");
    Tensor<T> filled = cast<T>(a);
    const T fill = Max ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    for (int64_t i = 0; i < filled.size(); ++i)
      if (std::isnan(filled.data()[i])) filled.data()[i] = fill;
    if constexpr (Max) return argmax<Out>(filled, axis, keepdims);
    else return argmin<Out>(filled, axis, keepdims);
  } else {
    if constexpr (Max) return argmax<Out>(a, axis, keepdims);
    else return argmin<Out>(a, axis, keepdims);
  }
}
}  // namespace detail

template <class Out, class T>
Out nanargmax(const Tensor<T>& a, const Axes& axis = None, bool keepdims = false) {
  return detail::nan_arg_extremum<true, Out>(a, axis, keepdims);
}
}  // namespace muna::numpy
