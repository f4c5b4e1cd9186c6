// numpy.divide (and the operator form the compiler maps onto it).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class A, class B>
auto divide(const A& a, const B& b) {
  return detail::apply_binary<kernels::Divide>(a, b);
}
}  // namespace muna::numpy
