// list.pop(index=-1) with CPython's IndexError messages.
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
T pop(const List<T>& self, int64_t index = -1) {
  const int64_t n = self.size();
  if (n == 0) throw IndexError("pop from empty list");
  if (index < -n || index >= n) throw IndexError("pop index out of range");
  if (index < 0) index += n;
  T value = std::move(self.items()[index]);
  self.items().erase(self.items().begin() + index);
  return value;
}
}  // namespace muna::python::list
