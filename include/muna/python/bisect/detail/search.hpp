// The binary searches of CPython's _bisect: lo must be >= 0 (ValueError("lo must be
// non-negative")), hi == -1 means len(a) (None is passed as -1, so an explicit -1 means it too,
// as in CPython), any other hi bounds the search as given (an item past the end is
// IndexError("list index out of range")); key= applies to the list's items, not to x.
#pragma once
#include <cstdint>
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/core/none.hpp"
#include "muna/python/detail/less.hpp"
#include "muna/python/list.hpp"

namespace muna::python::bisect::detail {

template <class T, class Key>
decltype(auto) keyed(const Key& key, const T& item) {
  if constexpr (std::is_same_v<Key, NoneType>) {
    return (item);
  } else {
    return key(item);
  }
}

template <bool Right, class T, class X, class Key>
int64_t search(const List<T>& a, const X& x, int64_t lo, int64_t hi, const Key& key) {
  if (lo < 0) throw ValueError("lo must be non-negative");
  if (hi == -1) hi = a.size();
  while (lo < hi) {
    const int64_t mid = static_cast<int64_t>((static_cast<uint64_t>(lo) + static_cast<uint64_t>(hi)) / 2);
    if (mid >= a.size()) throw IndexError("list index out of range");
    const T& item = a.items()[mid];
    if constexpr (Right) {
      if (muna::python::detail::less(x, keyed(key, item)))
        hi = mid;
      else
        lo = mid + 1;
    } else {
      if (muna::python::detail::less(keyed(key, item), x))
        lo = mid + 1;
      else
        hi = mid;
    }
  }
  return lo;
}

// list.insert(index, item) as insort calls it: an index past the end appends.
template <class T>
void insert_at(const List<T>& a, int64_t index, T item) {
  auto& v = a.items();
  const size_t at = static_cast<size_t>(index) > v.size() ? v.size() : static_cast<size_t>(index);
  v.insert(v.begin() + at, std::move(item));
}

}  // namespace muna::python::bisect::detail
