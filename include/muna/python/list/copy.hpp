// list.copy(): a shallow copy.
#pragma once
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
List<T> copy(const List<T>& self) { return List<T>(self.items()); }
}  // namespace muna::python::list
