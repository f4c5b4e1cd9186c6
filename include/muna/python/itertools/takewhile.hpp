// itertools.takewhile(predicate, iterable): items while the predicate holds; the first item it
// rejects is read (and lost) and nothing after it, as CPython's takewhile.
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::itertools {
template <class T, class Predicate, class Iterable>
Iterator<T> takewhile(Predicate predicate, const Iterable& items) {
  return make_iterator<T>([predicate, it = iter_as<T>(items), stopped = false]() mutable -> std::optional<T> {
    if (stopped) return std::nullopt;
    auto item = it.next();
    if (!item) return std::nullopt;
    if (truth(predicate(*item))) return item;
    stopped = true;
    return std::nullopt;
  });
}
}  // namespace muna::python::itertools
