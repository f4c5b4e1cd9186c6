// numpy.fix: rounding towards zero (numpy.trunc's result), in the dtype the compiler chose.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class X>
auto fix(const X& x) {
  return detail::apply_unary<kernels::Trunc>(x);
}
}  // namespace muna::numpy
