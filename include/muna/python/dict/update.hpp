// dict.update(other): insertion order of new keys follows other.
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
NoneType update(const Dict<K, V>& self, const Dict<K, V>& other) {
  auto entries = other.entries();  // other may be self
  for (const auto& [k, v] : entries) self.set(k, v);
  return None;
}
}  // namespace muna::python::dict
