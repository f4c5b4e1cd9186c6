// zip(a, b, ...): tuples up to the shortest input, as a list.
#pragma once
#include <algorithm>
#include <tuple>
#include <muna/python/builtins/list.hpp>

namespace muna::python::builtins {
template <class... Iterables>
auto zip(const Iterables&... iterables) {
  auto lists = std::make_tuple(list(iterables)...);
  int64_t n = std::apply([](const auto&... xs) { return std::min({xs.size()...}); }, lists);
  List<std::tuple<typename std::decay_t<decltype(list(iterables))>::value_type...>> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(std::apply([&](const auto&... xs) { return std::make_tuple(xs.items()[i]...); }, lists));
  return out;
}
}  // namespace muna::python::builtins
