// ufunc.accumulate: out[0] = x[0], out[i] = op(out[i - 1], x[i]) along one axis, in the loop
// dtype U (NumPy's order: sequential), the scan numpy.cumsum runs.
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/scan.hpp>

namespace muna::numpy::ufunc {
template <class Op, class U, class T>
Tensor<U> accumulate(const Tensor<T>& array, int64_t axis) {
  if (array.ndim() == 0) throw TypeError("cannot accumulate on a scalar");
  return numpy::detail::scan<Op, U>(array, axis);
}
}  // namespace muna::numpy::ufunc
