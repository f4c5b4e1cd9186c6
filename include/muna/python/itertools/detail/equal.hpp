// Python's == for the values itertools compares (groupby's keys): numbers of mixed kinds by
// value, containers item by item.
#pragma once
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>

#include <muna/python/list.hpp>
#include <muna/python/number.hpp>

namespace muna::python::itertools::detail {
template <class T> bool equal(const T& a, const T& b);

template <class... T, size_t... I>
bool equal_items(const std::tuple<T...>& a, const std::tuple<T...>& b, std::index_sequence<I...>) {
  return (equal(std::get<I>(a), std::get<I>(b)) && ...);
}

template <class T> struct is_list : std::false_type {};
template <class T> struct is_list<List<T>> : std::true_type {};
template <class T> struct is_list<Tuple<T>> : std::true_type {};
template <class T> struct is_tuple : std::false_type {};
template <class... T> struct is_tuple<std::tuple<T...>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};

template <class T>
bool equal(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, Number>) {
    return number::eq(a, b);
  } else if constexpr (is_tuple<T>::value) {
    return equal_items(a, b, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (is_list<T>::value) {
    if (a.size() != b.size()) return false;
    for (int64_t i = 0; i < a.size(); ++i)
      if (!equal(a.items()[i], b.items()[i])) return false;
    return true;
  } else if constexpr (is_optional<T>::value) {
    if (!a || !b) return !a && !b;
    return equal(*a, *b);
  } else {
    return a == b;
  }
}
}  // namespace muna::python::itertools::detail
