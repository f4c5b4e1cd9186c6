// any(list): Python truthiness of each item, short-circuiting.
#pragma once
#include <muna/python/list.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::builtins {
template <class T>
bool any(const List<T>& items) {
  for (const T& x : items)
    if (truth(x)) return true;
  return false;
}
}  // namespace muna::python::builtins
