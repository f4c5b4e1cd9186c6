// bisect.insort_right(a, x, lo=0, hi=None, *, key=None): inserts x after any equal items, where
// bisect_right finds (with key=, searching for key(x)). bisect.insort is this function.
#pragma once
#include <cstdint>
#include <type_traits>

#include "muna/core/none.hpp"
#include "muna/python/bisect/detail/search.hpp"

namespace muna::python::bisect {

template <class T, class Key>
void insort_right(const List<T>& a, T x, int64_t lo, int64_t hi, const Key& key) {
  int64_t index;
  if constexpr (std::is_same_v<Key, NoneType>) {
    index = detail::search<true>(a, x, lo, hi, key);
  } else {
    index = detail::search<true>(a, key(x), lo, hi, key);
  }
  detail::insert_at(a, index, std::move(x));
}

}  // namespace muna::python::bisect
