// numpy.divmod: (floor_divide, remainder), the two outputs of NumPy's divmod loop, which
// computes both with the same formulas as those two ufuncs.
#pragma once
#include <tuple>

#include <muna/numpy/floor_divide.hpp>
#include <muna/numpy/remainder.hpp>

namespace muna::numpy {
template <class A, class B>
auto divmod(const A& x1, const B& x2) {
  return std::make_tuple(floor_divide(x1, x2), remainder(x1, x2));
}
}  // namespace muna::numpy
