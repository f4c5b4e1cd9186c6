// <, <=, >, >= of lists and tuples as Python orders sequences: at the first position whose
// items are not equal the items decide (so a NaN there decides by NaN's comparisons, where
// std::lexicographical_compare would step over it), else the shorter is smaller.
#pragma once
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>

#include <muna/python/list.hpp>

namespace muna::python::compare {
template <class T> bool lt(const T& a, const T& b);
template <class T> bool eq(const T& a, const T& b) { return a == b; }

namespace detail {
// -1, 0 or 1 at the first unequal pair, or 2 when all pairs are equal (then lengths decide).
template <class A, class B>
int first_difference(const A& a, const B& b) {
  if (eq(a, b)) return 2;
  return lt(a, b) ? -1 : (lt(b, a) ? 1 : 0);
}
template <size_t I = 0, class... T>
int tuple_order(const std::tuple<T...>& a, const std::tuple<T...>& b) {
  if constexpr (I == sizeof...(T)) {
    return 0;
  } else {
    int d = first_difference(std::get<I>(a), std::get<I>(b));
    if (d != 2) return d == 0 ? 3 : d;  // 3: unequal, yet neither smaller (NaN): all tests false
    return tuple_order<I + 1>(a, b);
  }
}
}  // namespace detail

// The order of two sequences: -1, 0, 1, or 3 when the deciding items are unordered (NaN).
template <class T>
int order(const List<T>& a, const List<T>& b) {
  const int64_t n = a.size() < b.size() ? a.size() : b.size();
  for (int64_t i = 0; i < n; ++i) {
    int d = detail::first_difference(a.items()[i], b.items()[i]);
    if (d != 2) return d == 0 ? 3 : d;
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}
template <class... T>
int order(const std::tuple<T...>& a, const std::tuple<T...>& b) { return detail::tuple_order(a, b); }

template <class T> bool lt(const T& a, const T& b) {
  if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, std::string>) return a < b;
  else return order(a, b) == -1;
}
template <class T> bool le(const T& a, const T& b) {
  if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, std::string>) return a <= b;
  else { int o = order(a, b); return o == -1 || o == 0; }
}
template <class T> bool gt(const T& a, const T& b) { return lt(b, a); }
template <class T> bool ge(const T& a, const T& b) { return le(b, a); }
}  // namespace muna::python::compare
