// enumerate(iterator, start): lazy (index, item) pairs.
#pragma once
#include <cstdint>
#include <optional>
#include <tuple>

#include <muna/python/builtins/add.hpp>
#include <muna/python/iterator.hpp>

namespace muna::python::iterator {
template <class T, class Iterable>
Iterator<std::tuple<int64_t, T>> enumerate(const Iterable& items, int64_t start) {
  using Pair = std::tuple<int64_t, T>;
  return make_iterator<Pair>([it = iter_as<T>(items), index = start, started = false]() mutable -> std::optional<Pair> {
    auto x = it.next();
    if (!x) return std::nullopt;
    if (started) index = builtins::add(index, 1);
    started = true;
    return Pair{index, std::move(*x)};
  });
}
}  // namespace muna::python::iterator
