// dict.keys() as a list, in insertion order.
#pragma once
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <tuple>

namespace muna::python::dict {
template <class K, class V>
List<K> keys(const Dict<K, V>& self) {
  List<K> out;
  for (const auto& [k, v] : self.entries()) out.push_back(k);
  return out;
}
}  // namespace muna::python::dict
