// bisect.bisect_right(a, x, lo=0, hi=None, *, key=None): the first index i in [lo, hi) with a[i] > x (key(a[i]) > x with key=),
// by CPython's binary search (see detail/search.hpp for lo, hi and their errors). bisect.bisect is this function.
#pragma once
#include <cstdint>

#include "muna/python/bisect/detail/search.hpp"

namespace muna::python::bisect {

template <class T, class X, class Key>
int64_t bisect_right(const List<T>& a, const X& x, int64_t lo, int64_t hi, const Key& key) {
  return detail::search<true>(a, x, lo, hi, key);
}

}  // namespace muna::python::bisect
