// dict.items() as a list, in insertion order.
#pragma once
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <tuple>

namespace muna::python::dict {
template <class K, class V>
List<std::tuple<K, V>> items(const Dict<K, V>& self) {
  List<std::tuple<K, V>> out;
  for (const auto& [k, v] : self.entries()) out.push_back(std::make_tuple(k, v));
  return out;
}
}  // namespace muna::python::dict
