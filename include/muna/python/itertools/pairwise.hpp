// itertools.pairwise(iterable): (a, b), (b, c), ... of successive items, as CPython's
// pairwise_next reads them (nothing is read once the input ended).
#pragma once
#include <optional>
#include <tuple>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class T, class Iterable>
Iterator<std::tuple<T, T>> pairwise(const Iterable& items) {
  using Pair = std::tuple<T, T>;
  return make_iterator<Pair>([it = std::optional<Iterator<T>>(iter_as<T>(items)),
                              old = std::optional<T>()]() mutable -> std::optional<Pair> {
    if (!it) return std::nullopt;
    if (!old) {
      old = it->next();
      if (!old) {
        it.reset();
        return std::nullopt;
      }
    }
    auto next = it->next();
    if (!next) {
      it.reset();
      old.reset();
      return std::nullopt;
    }
    Pair out{*old, *next};
    old = std::move(next);
    return out;
  });
}
}  // namespace muna::python::itertools
