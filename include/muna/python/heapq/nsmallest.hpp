// heapq.nsmallest(n, iterable, key=None): the n smallest items in order, equal ones in
// CPython's order (heapq.py's algorithm; see detail/select.hpp). [] for n <= 0.
#pragma once
#include <cstdint>

#include "muna/python/heapq/detail/select.hpp"

namespace muna::python::heapq {

template <class T, class Key>
List<T> nsmallest(int64_t n, const List<T>& iterable, const Key& key) {
  return detail::select(n, iterable, key, false);
}

}  // namespace muna::python::heapq
