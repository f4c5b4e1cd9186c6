// dict.clear().
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
NoneType clear(const Dict<K, V>& self) {
  self.clear();
  return None;
}
}  // namespace muna::python::dict
