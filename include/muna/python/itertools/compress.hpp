// itertools.compress(data, selectors): each datum whose selector is true; a datum is read before
// its selector, and the end of either ends it (CPython's order).
#pragma once
#include <optional>

#include <muna/python/iterator.hpp>
#include <muna/python/truth.hpp>

namespace muna::python::itertools {
template <class T, class Data, class Selectors>
Iterator<T> compress(const Data& data, const Selectors& selectors) {
  return make_iterator<T>([data = iter_as<T>(data), selectors = iter(selectors)]() mutable -> std::optional<T> {
    while (true) {
      auto datum = data.next();
      if (!datum) return std::nullopt;
      auto selector = selectors.next();
      if (!selector) return std::nullopt;
      if (truth(*selector)) return datum;
    }
  });
}
}  // namespace muna::python::itertools
