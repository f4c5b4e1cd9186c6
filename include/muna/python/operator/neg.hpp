// Python's -a on int.
#pragma once
#include <muna/python/operator/detail.hpp>

namespace muna::python::operator_ {
inline int64_t neg(int64_t a) {
  if (a == INT64_MIN) detail::overflow();
  return -a;
}
}  // namespace muna::python::operator_
