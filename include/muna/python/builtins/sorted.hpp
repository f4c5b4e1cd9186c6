// sorted(iterable, key=None, reverse=False): a new list, stable sort.
#pragma once
#include <muna/python/builtins/list.hpp>
#include <muna/python/detail/sort.hpp>

namespace muna::python::builtins {
template <class Iterable, class Key>
auto sorted(const Iterable& items, const Key& key, bool reverse) {
  auto out = list(items);
  muna::python::detail::stable_sort(out.items(), key, reverse);
  return out;
}
}  // namespace muna::python::builtins
