// list.sort(key=None, reverse=False): stable, as CPython's sort.
#pragma once
#include <muna/python/list.hpp>
#include <muna/python/detail/sort.hpp>

namespace muna::python::list {
template <class T, class Key>
NoneType sort(const List<T>& self, const Key& key, bool reverse) {
  muna::python::detail::stable_sort(self.items(), key, reverse);
  return None;
}
}  // namespace muna::python::list
