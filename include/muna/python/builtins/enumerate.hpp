// enumerate(iterable, start), as a list of (index, item) tuples.
#pragma once
#include <tuple>
#include <muna/python/builtins/list.hpp>

namespace muna::python::builtins {
template <class Iterable>
auto enumerate(const Iterable& items, int64_t start) {
  auto xs = list(items);
  using T = typename decltype(xs)::value_type;
  List<std::tuple<int64_t, T>> out;
  for (const T& x : xs) out.push_back(std::make_tuple(start++, x));
  return out;
}
}  // namespace muna::python::builtins
