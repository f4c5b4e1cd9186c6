// Python's `<` for the values heapq and bisect order: numbers and strs as C++ compares them
// (a str by code points, which UTF-8 bytes preserve), tuples and lists as CPython does: at the
// first position whose items are not ==, by `<` of those items (so a NaN inside a tuple compares
// as in CPython, not as std::tuple's `<` would), else the shorter first.
#pragma once
#include <cstddef>
#include <tuple>

#include "muna/python/list.hpp"

namespace muna::python::detail {

template <class A, class B>
bool less(const A& a, const B& b);
template <class... A>
bool less(const std::tuple<A...>& a, const std::tuple<A...>& b);
template <class T>
bool less(const List<T>& a, const List<T>& b);

template <size_t I, class... A>
bool tuple_less_from(const std::tuple<A...>& a, const std::tuple<A...>& b) {
  if constexpr (I == sizeof...(A)) {
    return false;  // equal tuples
  } else {
    if (!(std::get<I>(a) == std::get<I>(b))) return less(std::get<I>(a), std::get<I>(b));
    return tuple_less_from<I + 1>(a, b);
  }
}

template <class A, class B>
bool less(const A& a, const B& b) {
  return a < b;
}

template <class... A>
bool less(const std::tuple<A...>& a, const std::tuple<A...>& b) {
  return tuple_less_from<0>(a, b);
}

template <class T>
bool less(const List<T>& a, const List<T>& b) {
  const auto &x = a.items(), &y = b.items();
  for (size_t i = 0; i < x.size() && i < y.size(); ++i)
    if (!(x[i] == y[i])) return less(x[i], y[i]);
  return x.size() < y.size();
}

}  // namespace muna::python::detail
