// itertools.count(start=0, step=1): start, start + step, ... forever, each item the previous
// one plus step (CPython adds repeatedly, so floats accumulate as its do). An int past int64 is
// muna's OverflowError when it is reached (CPython goes on with big ints).
#pragma once
#include <cstdint>
#include <optional>
#include <type_traits>

#include <muna/python/builtins/add.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/number.hpp>

namespace muna::python::itertools {
template <class T>
Iterator<T> count(T start, T step) {
  return make_iterator<T>([current = start, step, started = false]() mutable -> std::optional<T> {
    if (started) {
      if constexpr (std::is_same_v<T, int64_t>) current = builtins::add(current, step);
      else if constexpr (std::is_same_v<T, Number>) current = number::add(current, step);
      else current = current + step;
    }
    started = true;
    return current;
  });
}
}  // namespace muna::python::itertools
