// max(list): the first extreme item; an empty list raises ValueError as CPython does.
#pragma once
#include <muna/core/error.hpp>
#include <muna/python/list.hpp>

namespace muna::python::builtins {
template <class T>
T max_of_list(const List<T>& items) {
  if (items.size() == 0) throw ValueError("max() arg is an empty sequence");
  T best = items.items()[0];
  for (const T& x : items)
    if (best < x) best = x;
  return best;
}
// max(items, key=f): the first item whose key is the extreme; each key computed once.
template <class T, class Key>
T max_of_list(const List<T>& items, const Key& key) {
  if (items.size() == 0) throw ValueError("max() arg is an empty sequence");
  T best = items.items()[0];
  auto best_key = key(best);
  for (const T& x : items) {
    auto k = key(x);
    if (best_key < k) {
      best = x;
      best_key = k;
    }
  }
  return best;
}
}  // namespace muna::python::builtins
