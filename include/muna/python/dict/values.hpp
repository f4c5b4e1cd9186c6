// dict.values() as a list, in insertion order.
#pragma once
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <tuple>

namespace muna::python::dict {
template <class K, class V>
List<V> values(const Dict<K, V>& self) {
  List<V> out;
  for (const auto& [k, v] : self.entries()) out.push_back(v);
  return out;
}
}  // namespace muna::python::dict
