// sum(list, start): in order from `start`, as CPython adds (int sums overflow-checked).
#pragma once
#include <muna/python/list.hpp>
#include <muna/python/builtins/add.hpp>

namespace muna::python::builtins {
template <class T, class S>
S sum(const List<T>& items, S start) {
  for (const T& x : items) start = add(start, static_cast<S>(x));
  return start;
}
}  // namespace muna::python::builtins
