// numpy.float_power: power computed in float64 (the compiler converts the operands; NumPy has
// only float64 and complex loops): element-wise on arrays (broadcasting) or NumPy scalars.
#pragma once
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class A, class B>
auto float_power(const A& x1, const B& x2) {
  return detail::apply_binary<kernels::Power>(x1, x2);
}
}  // namespace muna::numpy
