// set.union(other).
#pragma once
#include <muna/python/set.hpp>

namespace muna::python::set {
template <class T>
Set<T> union_(const Set<T>& self, const Set<T>& other) {
  Set<T> out;
  for (const T& x : self) out.add(x);
  for (const T& x : other) out.add(x);
  return out;
}
}  // namespace muna::python::set
