// `a, b = xs` and `first, *rest = xs` on a list: its length is known only at run time, so each
// item read checks it, with Python's messages.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/list.hpp>

namespace muna::python::list {
template <class T>
const T& unpack_item(const List<T>& xs, int64_t index, int64_t expected) {
  if (xs.size() > expected)
    throw ValueError("too many values to unpack (expected " + std::to_string(expected) + ")");
  if (xs.size() < expected)
    throw ValueError("not enough values to unpack (expected " + std::to_string(expected) + ", got " +
                     std::to_string(xs.size()) + ")");
  return xs.items()[static_cast<size_t>(index)];
}

template <class T>
NoneType check_unpack_at_least(const List<T>& xs, int64_t expected) {
  if (xs.size() < expected)
    throw ValueError("not enough values to unpack (expected at least " + std::to_string(expected) +
                     ", got " + std::to_string(xs.size()) + ")");
  return None;
}
}  // namespace muna::python::list
