// set.intersection(other).
#pragma once
#include <muna/python/set.hpp>

namespace muna::python::set {
template <class T>
Set<T> intersection(const Set<T>& self, const Set<T>& other) {
  Set<T> out;
  for (const T& x : self)
    if (other.contains(x)) out.add(x);
  return out;
}
}  // namespace muna::python::set
