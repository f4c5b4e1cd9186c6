// `x in container` for lists, sets, dicts (keys) and tuples (of arrays: contains_array.hpp).
#pragma once
#include <optional>
#include <tuple>

#include <muna/python/contains_array.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/set.hpp>

namespace muna::python {
template <class T>
bool contains(const List<T>& xs, const T& x) {
  for (const T& item : xs)
    if (item == x) return true;
  return false;
}
template <class T>
bool contains(const Set<T>& s, const T& x) { return s.contains(x); }
template <class K, class V>
bool contains(const Dict<K, V>& d, const K& key) { return d.contains(key); }
template <class... T, class X>
bool contains(const std::tuple<T...>& t, const X& x) {
  return std::apply([&](const auto&... item) { return ((item == x) || ...); }, t);
}
// An Optional value in a container of non-None items: None equals none of them.
template <class C, class T>
bool contains_optional(const C& container, const std::optional<T>& x) {
  return x.has_value() && contains(container, *x);
}
}  // namespace muna::python
