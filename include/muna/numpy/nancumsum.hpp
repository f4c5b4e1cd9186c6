// numpy.nancumsum / nancumprod: cumsum / cumprod with NaN read as 0 / 1 (NumPy replaces them
// first), in the result dtype R.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/numpy/cumprod.hpp>
#include <muna/numpy/cumsum.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> nan_replaced(const Tensor<T>& a, T value) {
  if constexpr (std::is_floating_point_v<T>) {
    Tensor<T> out = cast<T>(a);
    for (int64_t i = 0; i < out.size(); ++i)
      if (std::isnan(out.data()[i])) out.data()[i] = value;
    return out;
  } else {
    (void)value;
    return a;
  }
}
}  // namespace detail

template <class R, class T, class Axis>
Tensor<R> nancumsum(const Tensor<T>& a, const Axis& axis) {
  return cumsum<R>(detail::nan_replaced(a, T(0)), axis);
}
}  // namespace muna::numpy
