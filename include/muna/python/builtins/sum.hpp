// sum(list, start): in order from `start`, as CPython adds (int sums overflow-checked; an
// int | float sum keeps each partial sum's kind, as Python's does; a list[Any]'s items are read
// as numbers).
#pragma once
#include <string>
#include <type_traits>

#include <muna/python/list.hpp>
#include <muna/python/number.hpp>
#include <muna/python/builtins/add.hpp>

namespace muna::python::builtins {
inline const char* number_type_name(const Number& x) {
  return x.kind() == Number::Kind::Bool ? "bool" : x.kind() == Number::Kind::Int ? "int" : "float";
}

template <class T, class S>
S sum(const List<T>& items, S start) {
  if constexpr (std::is_same_v<S, Number> && std::is_floating_point_v<T>) {
    // Floats from an int start: the start itself when there are none (sum([]) is the int 0),
    // else a float, the start converted first and the items added in order, as CPython adds.
    if (items.size() == 0) return start;
    double total = start.as_float();
    for (const T& x : items) total = total + static_cast<double>(x);
    return Number(total);
  }
  // Python ints are exact (overflow raises); floats add as C++ doubles do.
  for (const T& x : items) {
    if constexpr (std::is_same_v<S, Number> && !std::is_same_v<T, Number> && !std::is_arithmetic_v<T>) {
      // An Object of a list[Any]: a number, else Python's TypeError for the addition.
      auto item = x.number();
      if (!item) {
        throw TypeError(std::string("unsupported operand type(s) for +: '") + number_type_name(start) + "' and '" +
                        x.type_name() + "'");
      }
      start = number::add(start, *item);
    } else if constexpr (std::is_same_v<S, Number>) {
      start = number::add(start, Number(x));
    }
    else if constexpr (std::is_integral_v<S>) start = add(start, static_cast<S>(x));
    else start = start + static_cast<S>(x);
  }
  return start;
}
}  // namespace muna::python::builtins
