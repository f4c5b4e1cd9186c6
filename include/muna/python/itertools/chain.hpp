// itertools.chain(*iterables): each iterable's items in turn; an iterable is iterated only when
// the ones before it are exhausted (CPython calls iter() on it then).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
template <class T, class... Iterables>
Iterator<T> chain(const Iterables&... iterables) {
  std::vector<std::function<Iterator<T>()>> sources;
  (sources.push_back([iterable = iterables]() { return iter_as<T>(iterable); }), ...);
  return make_iterator<T>([sources = std::move(sources), index = size_t(0),
                           active = std::optional<Iterator<T>>()]() mutable -> std::optional<T> {
    while (true) {
      if (!active) {
        if (index >= sources.size()) return std::nullopt;
        active = sources[index++]();
      }
      if (auto x = active->next()) return x;
      active.reset();
    }
  });
}
}  // namespace muna::python::itertools
