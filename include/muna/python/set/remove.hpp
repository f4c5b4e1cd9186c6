// set.remove(x): KeyError when absent.
#pragma once
#include <muna/python/set.hpp>
#include <muna/python/builtins/repr.hpp>

namespace muna::python::set {
template <class T>
NoneType remove(const Set<T>& self, const T& x) {
  if (!self.contains(x)) {
    if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>) throw KeyError(builtins::repr(x));
    else throw KeyError("");
  }
  self.discard(x);
  return None;
}
}  // namespace muna::python::set
