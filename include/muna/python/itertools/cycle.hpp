// itertools.cycle(iterable): the items, saved as the first pass reads them, then the saved
// items again and again (nothing when there were none), as CPython's cycle_next.
#pragma once
#include <optional>
#include <vector>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class T, class Iterable>
Iterator<T> cycle(const Iterable& items) {
  return make_iterator<T>([it = std::optional<Iterator<T>>(iter_as<T>(items)), saved = std::vector<T>(),
                           index = size_t(0)]() mutable -> std::optional<T> {
    if (it) {
      if (auto x = it->next()) {
        saved.push_back(*x);
        return x;
      }
      it.reset();
    }
    if (saved.empty()) return std::nullopt;
    T item = saved[index++];
    if (index >= saved.size()) index = 0;
    return item;
  });
}
}  // namespace muna::python::itertools
