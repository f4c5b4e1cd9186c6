// set.add(x).
#pragma once
#include <muna/python/set.hpp>

namespace muna::python::set {
template <class T>
NoneType add(const Set<T>& self, const T& x) {
  self.add(x);
  return None;
}
}  // namespace muna::python::set
