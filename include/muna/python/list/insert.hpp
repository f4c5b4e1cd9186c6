// list.insert(index, object): the index is clamped as CPython does.
#pragma once
#include <muna/python/list.hpp>
#include <algorithm>

namespace muna::python::list {
template <class T>
NoneType insert(const List<T>& self, int64_t index, T value) {
  const int64_t n = self.size();
  if (index < 0) index = std::max<int64_t>(index + n, 0);
  index = std::min(index, n);
  self.items().insert(self.items().begin() + index, std::move(value));
  return None;
}
}  // namespace muna::python::list
