// dict.setdefault(key, default).
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
V setdefault(const Dict<K, V>& self, const K& key, const V& fallback) {
  if (const V* v = self.find(key)) return *v;
  self.set(key, fallback);
  return fallback;
}
}  // namespace muna::python::dict
