// next(iterator[, default]): the iterator's next item; at its end the default, or StopIteration.
#pragma once
#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>

namespace muna::python::builtins {
template <class T>
T next(const Iterator<T>& it) {
  if (auto x = it.next()) return std::move(*x);
  throw StopIteration();
}
template <class R, class T, class D>
R next(const Iterator<T>& it, const D& fallback) {
  if (auto x = it.next()) return item_as<R>(*x);
  return item_as<R>(fallback);
}
}  // namespace muna::python::builtins
