// set.discard(x).
#pragma once
#include <muna/python/set.hpp>

namespace muna::python::set {
template <class T>
NoneType discard(const Set<T>& self, const T& x) {
  self.discard(x);
  return None;
}
}  // namespace muna::python::set
