// functools.reduce(function, iterable[, initial]): function(function(initial, x0), x1), ... in
// order, as CPython folds; `A` holds every running total.
#pragma once
#include <optional>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>

namespace muna::python::functools {
template <class A, class Function, class Iterable>
A reduce(Function function, const Iterable& items) {
  auto it = iter(items);
  std::optional<A> total;
  while (auto x = it.next()) {
    if (!total) total = item_as<A>(*x);
    else total = item_as<A>(function(*total, *x));
  }
  if (!total) throw TypeError("reduce() of empty iterable with no initial value");
  return *total;
}
template <class A, class Function, class Iterable>
A reduce(Function function, const Iterable& items, A total) {
  auto it = iter(items);
  while (auto x = it.next()) total = item_as<A>(function(total, *x));
  return total;
}
}  // namespace muna::python::functools
