// itertools.dropwhile(predicate, iterable): items from the first the predicate rejects on; the
// predicate is not called again after that, as in CPython.
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::itertools {
template <class T, class Predicate, class Iterable>
Iterator<T> dropwhile(Predicate predicate, const Iterable& items) {
  return make_iterator<T>([predicate, it = iter_as<T>(items), started = false]() mutable -> std::optional<T> {
    while (true) {
      auto item = it.next();
      if (!item) return std::nullopt;
      if (started) return item;
      if (!truth(predicate(*item))) {
        started = true;
        return item;
      }
    }
  });
}
}  // namespace muna::python::itertools
