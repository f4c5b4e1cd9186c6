// numpy.subtract (and the operator form the compiler maps onto it).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class A, class B>
auto subtract(const A& a, const B& b) {
  return detail::apply_binary<kernels::Subtract>(a, b);
}
}  // namespace muna::numpy
