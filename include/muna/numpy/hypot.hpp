// numpy.hypot: element-wise on arrays (broadcasting) or NumPy scalars, in the
// loop dtype the compiler chose by NumPy's rules.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class A, class B>
auto hypot(const A& x1, const B& x2) {
  return detail::apply_binary<kernels::Hypot>(x1, x2);
}
}  // namespace muna::numpy
