// dict.get(key, default).
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
V get(const Dict<K, V>& self, const K& key, const V& fallback) {
  const V* v = self.find(key);
  return v ? *v : fallback;
}
}  // namespace muna::python::dict
