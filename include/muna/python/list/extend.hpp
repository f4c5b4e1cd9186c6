// list.extend(iterable).
#pragma once
#include <muna/python/list.hpp>
#include <vector>

namespace muna::python::list {
template <class T>
NoneType extend(const List<T>& self, const List<T>& other) {
  std::vector<T> copy = other.items();  // other may be self: copy before growing
  self.items().insert(self.items().end(), copy.begin(), copy.end());
  return None;
}
}  // namespace muna::python::list
