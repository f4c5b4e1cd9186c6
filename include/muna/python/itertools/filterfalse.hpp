// itertools.filterfalse(predicate, iterable): the items the predicate rejects (the false items
// for a predicate of None).
#pragma once
#include <optional>
#include <type_traits>

#include <muna/core/none.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::itertools {
template <class T, class Predicate, class Iterable>
Iterator<T> filterfalse(Predicate predicate, const Iterable& items) {
  return make_iterator<T>([predicate, it = iter_as<T>(items)]() mutable -> std::optional<T> {
    while (auto item = it.next()) {
      bool keep;
      if constexpr (std::is_same_v<Predicate, NoneType>) keep = !truth(*item);
      else keep = !truth(predicate(*item));
      if (keep) return item;
    }
    return std::nullopt;
  });
}
}  // namespace muna::python::itertools
