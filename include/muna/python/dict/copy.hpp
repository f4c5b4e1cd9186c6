// dict.copy().
#pragma once
#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class K, class V>
Dict<K, V> copy(const Dict<K, V>& self) {
  Dict<K, V> out;
  for (const auto& [k, v] : self.entries()) out.set(k, v);
  return out;
}
}  // namespace muna::python::dict
