// a + b on lists: a new list with the items of both (str + str is emitted as std::string +).
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::operator_ {
template <class T>
List<T> concat(const List<T>& a, const List<T>& b) {
  std::vector<T> items;
  items.reserve(static_cast<size_t>(a.size() + b.size()));
  items.insert(items.end(), a.begin(), a.end());
  items.insert(items.end(), b.begin(), b.end());
  return List<T>(std::move(items));
}
}  // namespace muna::python::operator_
