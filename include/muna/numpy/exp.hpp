// numpy.exp.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> exp(const Tensor<T>& x) { return detail::apply_unary<kernels::Exp>(x); }
}  // namespace muna::numpy
