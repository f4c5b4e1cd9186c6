// sum(list, start): in order from `start`, as CPython adds (int sums overflow-checked; an
// int | float sum keeps each partial sum's kind, as Python's does).
#pragma once
#include <type_traits>

#include <muna/python/list.hpp>
#include <muna/python/number.hpp>
#include <muna/python/builtins/add.hpp>

namespace muna::python::builtins {
template <class T, class S>
S sum(const List<T>& items, S start) {
  // Python ints are exact (overflow raises); floats add as C++ doubles do.
  for (const T& x : items) {
    if constexpr (std::is_same_v<S, Number>) start = number::add(start, Number(x));
    else if constexpr (std::is_integral_v<S>) start = add(start, static_cast<S>(x));
    else start = start + static_cast<S>(x);
  }
  return start;
}
}  // namespace muna::python::builtins
