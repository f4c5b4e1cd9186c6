// heapq.nlargest(n, iterable, key=None): the n largest items, largest first, equal ones in
// CPython's order (heapq.py's algorithm; see detail/select.hpp). [] for n <= 0.
#pragma once
#include <cstdint>

#include "muna/python/heapq/detail/select.hpp"

namespace muna::python::heapq {

template <class T, class Key>
List<T> nlargest(int64_t n, const List<T>& iterable, const Key& key) {
  return detail::select(n, iterable, key, true);
}

}  // namespace muna::python::heapq
