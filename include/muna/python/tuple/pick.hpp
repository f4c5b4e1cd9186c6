// t[a:b:c] of a fixed-size tuple with constant bounds: the compiler knows which items, so the
// result is a tuple of exactly those (`image.shape[:2]`).
#pragma once
#include <cstddef>
#include <tuple>

namespace muna::python::tuple {
template <size_t... I, class Tuple>
auto pick(const Tuple& t) {
  return std::make_tuple(std::get<I>(t)...);
}
}  // namespace muna::python::tuple
