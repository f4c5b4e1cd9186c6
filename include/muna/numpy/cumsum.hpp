// numpy.cumsum: the running sum along an axis (flattened for axis=None), in order as NumPy's
// accumulate, in the result dtype R the compiler chose.
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/scan.hpp>

namespace muna::numpy {
template <class R, class T, class Axis>
Tensor<R> cumsum(const Tensor<T>& a, const Axis& axis) {
  return detail::scan<kernels::Add, R>(a, axis);
}
}  // namespace muna::numpy
