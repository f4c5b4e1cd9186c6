// min(list): the first extreme item; an empty list raises ValueError as CPython does.
#pragma once
#include <muna/core/error.hpp>
#include <muna/python/list.hpp>

namespace muna::python::builtins {
template <class T>
T min_of_list(const List<T>& items) {
  if (items.size() == 0) throw ValueError("min() arg is an empty sequence");
  T best = items.items()[0];
  for (const T& x : items)
    if (x < best) best = x;
  return best;
}
}  // namespace muna::python::builtins
