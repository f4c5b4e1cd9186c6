// bisect.bisect_left(a, x, lo=0, hi=None, *, key=None): the first index i in [lo, hi) with a[i] >= x (key(a[i]) >= x with key=),
// by CPython's binary search (see detail/search.hpp for lo, hi and their errors).
#pragma once
#include <cstdint>

#include "muna/python/bisect/detail/search.hpp"

namespace muna::python::bisect {

template <class T, class X, class Key>
int64_t bisect_left(const List<T>& a, const X& x, int64_t lo, int64_t hi, const Key& key) {
  return detail::search<false>(a, x, lo, hi, key);
}

}  // namespace muna::python::bisect
