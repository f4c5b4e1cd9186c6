// dict.get(key): the value, or None when absent.
#pragma once
#include <muna/python/dict.hpp>
#include <optional>

namespace muna::python::dict {
template <class K, class V>
std::optional<V> get_optional(const Dict<K, V>& self, const K& key) {
  const V* v = self.find(key);
  return v ? std::optional<V>(*v) : std::nullopt;
}
}  // namespace muna::python::dict
