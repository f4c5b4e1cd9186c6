// numpy.spacing: element-wise on arrays (broadcasting) or NumPy scalars, in the
// loop dtype the compiler chose by NumPy's rules.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class X>
auto spacing(const X& x) {
  return detail::apply_unary<kernels::Spacing>(x);
}
}  // namespace muna::numpy
