// numpy.sqrt.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> sqrt(const Tensor<T>& x) { return detail::apply_unary<kernels::Sqrt>(x); }
}  // namespace muna::numpy
