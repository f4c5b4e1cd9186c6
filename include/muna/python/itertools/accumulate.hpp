// itertools.accumulate(iterable, func, initial=None): the running totals (`initial` first when
// given), each func(total, item), as CPython's accumulate_next; `A` holds every total.
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class A, class Iterable, class Function>
Iterator<A> accumulate(const Iterable& items, Function function, std::optional<A> initial) {
  auto it = iter(items);
  return make_iterator<A>([it, function, initial, total = std::optional<A>()]() mutable -> std::optional<A> {
    if (initial) {
      total = std::move(initial);
      initial.reset();
      return total;
    }
    auto item = it.next();
    if (!item) return std::nullopt;
    if (!total) total = item_as<A>(*item);
    else total = item_as<A>(function(*total, *item));
    return total;
  });
}
}  // namespace muna::python::itertools
