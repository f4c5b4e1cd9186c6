// list(iterable): a new list of the items of a list, set, tuple, dict (keys) or iterator.
#pragma once
#include <iterator>
#include <tuple>
#include <type_traits>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/set.hpp>

namespace muna::python::builtins {
template <class Iterable>
auto list(const Iterable& items) {
  using T = std::decay_t<decltype(*std::begin(items))>;
  List<T> out;
  for (const auto& x : items) out.push_back(x);
  return out;
}
template <class K, class V>
List<K> list(const Dict<K, V>& d) {
  List<K> out;
  for (const auto& [k, v] : d.entries()) out.push_back(k);
  return out;
}
template <class T, class... Rest>
List<T> list(const std::tuple<T, Rest...>& t) {
  List<T> out;
  std::apply([&](const auto&... x) { (out.push_back(x), ...); }, t);
  return out;
}
}  // namespace muna::python::builtins
