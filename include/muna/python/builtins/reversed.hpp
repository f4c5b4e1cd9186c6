// reversed(sequence), as a new list.
#pragma once
#include <algorithm>
#include <muna/python/builtins/list.hpp>

namespace muna::python::builtins {
template <class Sequence>
auto reversed(const Sequence& items) {
  auto out = list(items);
  std::reverse(out.items().begin(), out.items().end());
  return out;
}
}  // namespace muna::python::builtins
