// list.index(value, start, stop) (and tuple.index, of a tuple read as a list): the first i in
// [start, stop) (clamped as a slice is) where the item equals value, else Python's ValueError.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include <muna/python/builtins/repr.hpp>
#include <muna/python/list.hpp>

namespace muna::python::list {
template <bool Tuple = false, class T>
int64_t index(const List<T>& self, const T& value, int64_t start = 0, int64_t stop = INT64_MAX) {
  const int64_t n = self.size();
  auto clamp = [n](int64_t i) { return i < 0 ? (i + n < 0 ? 0 : i + n) : (i > n ? n : i); };
  for (int64_t i = clamp(start), end = clamp(stop); i < end; ++i)
    if (self.items()[i] == value) return i;
  if constexpr (Tuple)
    throw ValueError("tuple.index(x): x not in tuple");
  else if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>)
    throw ValueError(builtins::repr(value) + " is not in list");
  else
    throw ValueError("value is not in list");
}
}  // namespace muna::python::list
