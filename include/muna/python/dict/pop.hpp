// dict.pop(key[, default]).
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
V pop(const Dict<K, V>& self, const K& key) {
  return self.erase(key);
}
template <class K, class V>
V pop(const Dict<K, V>& self, const K& key, const V& fallback) {
  return self.contains(key) ? self.erase(key) : fallback;
}
}  // namespace muna::python::dict
