// numpy.negative (unary minus on arrays).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> negative(const Tensor<T>& x) { return detail::apply_unary<kernels::Negative>(x); }
}  // namespace muna::numpy
