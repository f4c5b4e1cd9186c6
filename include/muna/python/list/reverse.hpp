// list.reverse() in place.
#pragma once
#include <muna/python/list.hpp>
#include <algorithm>

namespace muna::python::list {
template <class T>
NoneType reverse(const List<T>& self) {
  std::reverse(self.items().begin(), self.items().end());
  return None;
}
}  // namespace muna::python::list
