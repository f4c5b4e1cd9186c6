// t[a:b] of a tuple of one item type with bounds known only at run time: a tuple whose
// length is known only then (muna::python::Tuple).
#pragma once
#include <muna/core/slice.hpp>
#include <muna/python/builtins/list.hpp>
#include <muna/python/list/slice.hpp>

namespace muna::python::tuple {
template <class T, class... Rest>
Tuple<T> slice(const std::tuple<T, Rest...>& t, const Slice& s) {
  return Tuple<T>(list::slice(builtins::list(t), s));
}
}  // namespace muna::python::tuple
