// numpy.negative (unary minus on arrays): element-wise on arrays (broadcasting) or NumPy scalars, in the
// loop dtype the compiler chose by NumPy's rules.
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class X>
auto negative(const X& x) {
  return detail::apply_unary<kernels::Negative>(x);
}
}  // namespace muna::numpy
