// ufunc.outer(A, B): result[i..., j...] = op(A[i...], B[j...]), by broadcasting a view of A with
// B's rank of unit axes appended against B (shape A.shape + B.shape).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy::ufunc {
template <class Op, class T>
auto outer(const Tensor<T>& a, const Tensor<T>& b) {
  Shape shape = a.shape(), strides = a.strides();
  for (int64_t i = 0; i < b.ndim(); ++i) {
    shape.push_back(1);
    strides.push_back(0);
  }
  return numpy::detail::apply_binary<Op>(a.with_layout(shape, strides), b);
}
}  // namespace muna::numpy::ufunc
