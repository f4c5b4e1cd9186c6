// itertools.starmap(function, iterable): function(*item) for each tuple item.
#pragma once
#include <optional>
#include <tuple>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class R, class Function, class Iterable>
Iterator<R> starmap(Function function, const Iterable& items) {
  return make_iterator<R>([function, it = iter(items)]() mutable -> std::optional<R> {
    auto args = it.next();
    if (!args) return std::nullopt;
    return item_as<R>(std::apply(function, *args));
  });
}
}  // namespace muna::python::itertools
