// itertools.chain.from_iterable(iterable): the items of each item of `iterable`, the outer
// iterable read lazily (one item when the previous one is exhausted), as CPython's chain.
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class T, class Iterable>
Iterator<T> chain_from_iterable(const Iterable& iterables) {
  auto outer = iter(iterables);
  using Inner = typename decltype(outer)::value_type;
  return make_iterator<T>([source = std::optional<Iterator<Inner>>(outer),
                           active = std::optional<Iterator<T>>()]() mutable -> std::optional<T> {
    while (source) {
      if (!active) {
        auto next = source->next();
        if (!next) {
          source.reset();
          return std::nullopt;
        }
        active = iter_as<T>(*next);
      }
      if (auto x = active->next()) return x;
      active.reset();
    }
    return std::nullopt;
  });
}
}  // namespace muna::python::itertools
