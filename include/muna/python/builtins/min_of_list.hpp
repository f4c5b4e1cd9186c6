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
// min(items, key=f): the first item whose key is the extreme; each key computed once.
template <class T, class Key>
T min_of_list(const List<T>& items, const Key& key) {
  if (items.size() == 0) throw ValueError("min() arg is an empty sequence");
  T best = items.items()[0];
  auto best_key = key(best);
  for (const T& x : items) {
    auto k = key(x);
    if (k < best_key) {
      best = x;
      best_key = k;
    }
  }
  return best;
}
// min(items, default=d[, key=f]): the extreme, or d (already of the result's type R, which holds
// both the items' type and d's) for an empty iterable.
template <class T, class R>
R min_of_list_or(const List<T>& items, const R& fallback) {
  if (items.size() == 0) return fallback;
  return R(min_of_list(items));
}
template <class T, class R, class Key>
R min_of_list_or(const List<T>& items, const R& fallback, const Key& key) {
  if (items.size() == 0) return fallback;
  return R(min_of_list(items, key));
}
}  // namespace muna::python::builtins
