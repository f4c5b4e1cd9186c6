// The sort behind list.sort, sorted, min/max(key=): CPython's own algorithm (detail/timsort.hpp)
// comparing with < only (detail/less.hpp: tuples and lists item by item). reverse=True is
// CPython's: the items reversed, sorted, reversed again, so equal items keep their order.
#pragma once
#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/python/detail/less.hpp>
#include <muna/python/detail/timsort.hpp>

namespace muna::python::detail {

template <class T, class Key>
void stable_sort(std::vector<T>& items, const Key& key, bool reverse) {
  if constexpr (std::is_same_v<Key, NoneType>) {
    if (reverse) std::reverse(items.begin(), items.end());
    try {
      timsort(items, [](const T& a, const T& b) { return less(a, b); });
    } catch (...) {
      if (reverse) std::reverse(items.begin(), items.end());
      throw;
    }
    if (reverse) std::reverse(items.begin(), items.end());
  } else {
    using K = std::decay_t<decltype(key(items[0]))>;
    std::vector<std::pair<K, size_t>> keyed;  // each key computed once, in order, as CPython does
    keyed.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) keyed.emplace_back(key(items[i]), i);
    if (reverse) std::reverse(keyed.begin(), keyed.end());
    auto place = [&] {  // the items in the keys' order
      if (reverse) std::reverse(keyed.begin(), keyed.end());
      std::vector<T> sorted;
      sorted.reserve(items.size());
      for (const auto& k : keyed) sorted.push_back(std::move(items[k.second]));
      items = std::move(sorted);
    };
    try {
      timsort(keyed, [](const auto& a, const auto& b) { return less(a.first, b.first); });
    } catch (...) {
      place();
      throw;
    }
    place();
  }
}

}  // namespace muna::python::detail
