// map(function, iterable), as a list.
#pragma once
#include <type_traits>
#include <muna/python/builtins/list.hpp>

namespace muna::python::builtins {
template <class Fn, class Iterable>
auto map(const Fn& fn, const Iterable& items) {
  auto xs = list(items);
  List<std::decay_t<decltype(fn(xs.items()[0]))>> out;
  for (const auto& x : xs) out.push_back(fn(x));
  return out;
}
}  // namespace muna::python::builtins
