// list.clear().
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
NoneType clear(const List<T>& self) {
  self.items().clear();
  return None;
}
}  // namespace muna::python::list
