// list.count(value).
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
int64_t count(const List<T>& self, const T& value) {
  int64_t n = 0;
  for (const T& x : self) n += x == value;
  return n;
}
}  // namespace muna::python::list
