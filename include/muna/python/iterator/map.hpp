// map(function, iterator): lazy, function called on each item when it is read.
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>

namespace muna::python::iterator {
template <class R, class Function, class Iterable>
Iterator<R> map(Function function, const Iterable& items) {
  return make_iterator<R>([function, it = iter(items)]() -> std::optional<R> {
    auto x = it.next();
    if (!x) return std::nullopt;
    return item_as<R>(function(*x));
  });
}
}  // namespace muna::python::iterator
