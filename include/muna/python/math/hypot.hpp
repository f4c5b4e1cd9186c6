// math.hypot(*coordinates): the Euclidean norm by CPython's vector_norm (almost always
// correctly rounded; CPython's result bit for bit); hypot() is 0.0, an infinity wins over NaN.
#pragma once

#include "muna/python/math/detail/vector_norm.hpp"

namespace muna::python::math {

template <class... T>
double hypot(T... coordinates) {
  detail::NormInput input;
  (input.add(static_cast<double>(coordinates)), ...);
  return input.norm();
}

}  // namespace muna::python::math
