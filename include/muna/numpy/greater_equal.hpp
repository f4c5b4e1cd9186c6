// numpy.greater_equal: element-wise on arrays (broadcasting) or NumPy scalars, in the
// loop dtype the compiler chose by NumPy's rules.
#pragma once
#include <muna/kernels/compare.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class A, class B>
auto greater_equal(const A& x1, const B& x2) {
  return detail::apply_binary<kernels::GreaterEqual>(x1, x2);
}
}  // namespace muna::numpy
