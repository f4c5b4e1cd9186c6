// The stable sort behind list.sort, sorted, min/max(key=): Python compares with < only (as
// detail/less.hpp: tuples and lists item by item), and reverse=True keeps equal items in their
// original order (it is not a reversed ascending sort).
#pragma once
#include <algorithm>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/python/detail/less.hpp>

namespace muna::python::detail {

template <class T, class Key>
void stable_sort(std::vector<T>& items, const Key& key, bool reverse) {
  if constexpr (std::is_same_v<Key, NoneType>) {
    if (reverse) std::stable_sort(items.begin(), items.end(), [](const T& a, const T& b) { return less(b, a); });
    else std::stable_sort(items.begin(), items.end(), [](const T& a, const T& b) { return less(a, b); });
  } else {
    using K = std::decay_t<decltype(key(items[0]))>;
    std::vector<std::pair<K, size_t>> keyed;  // each key computed once, as CPython does
    keyed.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) keyed.emplace_back(key(items[i]), i);
    if (reverse) std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return less(b.first, a.first); });
    else std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return less(a.first, b.first); });
    std::vector<T> sorted;
    sorted.reserve(items.size());
    for (const auto& k : keyed) sorted.push_back(std::move(items[k.second]));
    items = std::move(sorted);
  }
}

}  // namespace muna::python::detail
