// numpy.logical_not: element-wise on arrays (broadcasting) or NumPy scalars, in the
// loop dtype the compiler chose by NumPy's rules.
#pragma once
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class X>
auto logical_not(const X& x) {
  return detail::apply_unary<kernels::LogicalNot>(x);
}
}  // namespace muna::numpy
