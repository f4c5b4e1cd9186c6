// list.index(value).
#pragma once
#include <muna/python/list.hpp>
#include <muna/python/builtins/repr.hpp>

namespace muna::python::list {
template <class T>
int64_t index(const List<T>& self, const T& value) {
  for (int64_t i = 0; i < self.size(); ++i)
    if (self.items()[i] == value) return i;
  if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>)
    throw ValueError(builtins::repr(value) + " is not in list");
  else
    throw ValueError("value is not in list");
}
}  // namespace muna::python::list
