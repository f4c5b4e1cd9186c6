// any(iterable): Python truthiness of each item, short-circuiting (an iterator is read only
// as far as the answer needs).
#pragma once
#include <muna/python/list.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::builtins {
template <class Iterable>
bool any(const Iterable& items) {
  for (const auto& x : items)
    if (truth(x)) return true;
  return false;
}
}  // namespace muna::python::builtins
