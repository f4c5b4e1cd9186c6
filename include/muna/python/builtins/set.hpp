// set(iterable).
#pragma once
#include <muna/python/builtins/list.hpp>
#include <muna/python/set.hpp>

namespace muna::python::builtins {
template <class Iterable>
auto set(const Iterable& items) {
  auto xs = list(items);
  Set<typename decltype(xs)::value_type> out;
  for (const auto& x : xs) out.add(x);
  return out;
}
}  // namespace muna::python::builtins
