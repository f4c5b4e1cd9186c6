// dict(pairs): a dict from (key, value) items, later keys overwriting earlier ones as Python.
#pragma once
#include <tuple>

#include <muna/python/dict.hpp>

namespace muna::python::dict {
template <class Pairs>
auto of_pairs(const Pairs& pairs) {
  using Pair = std::decay_t<decltype(*std::begin(pairs))>;
  Dict<std::decay_t<std::tuple_element_t<0, Pair>>, std::decay_t<std::tuple_element_t<1, Pair>>> out;
  for (const auto& p : pairs) out.set(std::get<0>(p), std::get<1>(p));
  return out;
}
}  // namespace muna::python::dict
