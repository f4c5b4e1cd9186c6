// itertools.repeat(object[, times]): the same object forever, or `times` times (none for a
// negative count). A list repeated is the same list each time, as in Python.
#pragma once
#include <cstdint>
#include <optional>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class T>
Iterator<T> repeat(T object) {
  return make_iterator<T>([object]() -> std::optional<T> { return object; });
}
template <class T>
Iterator<T> repeat(T object, int64_t times) {
  return make_iterator<T>([object, left = times < 0 ? int64_t(0) : times]() mutable -> std::optional<T> {
    if (left == 0) return std::nullopt;
    --left;
    return object;
  });
}
}  // namespace muna::python::itertools
