// filter(function or None, iterator): lazy, the items the function accepts (the true items for
// None), read as they are needed.
#pragma once
#include <optional>
#include <type_traits>

#include <muna/core/none.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::iterator {
template <class T, class Function, class Iterable>
Iterator<T> filter(Function function, const Iterable& items) {
  return make_iterator<T>([function, it = iter_as<T>(items)]() -> std::optional<T> {
    while (auto x = it.next()) {
      if constexpr (std::is_same_v<Function, NoneType>) {
        if (truth(*x)) return x;
      } else {
        if (truth(function(*x))) return x;
      }
    }
    return std::nullopt;
  });
}
}  // namespace muna::python::iterator
