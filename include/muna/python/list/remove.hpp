// list.remove(value): the first equal item; ValueError when absent.
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
NoneType remove(const List<T>& self, const T& value) {
  auto& items = self.items();
  for (auto it = items.begin(); it != items.end(); ++it)
    if (*it == value) {
      items.erase(it);
      return None;
    }
  throw ValueError("list.remove(x): x not in list");
}
}  // namespace muna::python::list
