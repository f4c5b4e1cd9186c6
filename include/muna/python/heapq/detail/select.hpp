// heapq.nsmallest and heapq.nlargest as heapq.py computes them, so that equal items come out
// in CPython's order: min()/max() for n == 1, sorted() when n covers the data, and otherwise a
// heap of the first n items decorated with their position (and key), kept against the rest.
#pragma once
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include "muna/core/none.hpp"
#include "muna/python/detail/less.hpp"
#include "muna/python/detail/sort.hpp"
#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq::detail {

template <class T, class Key>
auto key_of(const Key& key, const T& item) {
  if constexpr (std::is_same_v<Key, NoneType>) {
    return item;
  } else {
    return key(item);
  }
}

// The decorated item: (item, order) without a key, (key, order, item) with one. Orders are
// distinct, so Python never compares the items themselves.
template <class T, class Key>
auto decorate(const Key& key, const T& item, int64_t order) {
  if constexpr (std::is_same_v<Key, NoneType>) {
    return std::make_tuple(item, order);
  } else {
    return std::make_tuple(key(item), order, item);
  }
}

template <class D>
auto undecorated(const D& d) {
  return std::get<std::tuple_size_v<D> - 1 == 1 ? 0 : 2>(d);
}

template <class T, class Key>
List<T> select(int64_t n, const List<T>& iterable, const Key& key, bool largest) {
  const std::vector<T>& data = iterable.items();
  const int64_t size = static_cast<int64_t>(data.size());
  List<T> out;
  if (n == 1) {
    // min()/max(): the first extreme item (a later one must be strictly beyond it).
    if (data.empty()) return out;
    size_t best = 0;
    auto best_key = key_of(key, data[0]);
    for (size_t i = 1; i < data.size(); ++i) {
      auto k = key_of(key, data[i]);
      if (largest ? muna::python::detail::less(best_key, k) : muna::python::detail::less(k, best_key)) {
        best = i;
        best_key = k;
      }
    }
    out.push_back(data[best]);
    return out;
  }
  if (n >= size) {
    std::vector<T> sorted = data;
    muna::python::detail::stable_sort(sorted, key, largest);
    return List<T>(std::move(sorted));
  }
  if (n <= 0) return out;
  using D = decltype(decorate(key, data[0], int64_t{0}));
  std::vector<D> heap;
  for (int64_t i = 0; i < n; ++i) heap.push_back(decorate(key, data[i], largest ? -i : i));
  int64_t order = largest ? -n : n;
  if (largest) {
    detail::heapify(heap, MinOrder{});
    for (int64_t i = n; i < size; ++i) {
      auto k = key_of(key, data[i]);
      if (muna::python::detail::less(std::get<0>(heap[0]), k)) {
        detail::heapreplace(heap, decorate(key, data[i], order), MinOrder{});
        order -= 1;
      }
    }
    std::sort(heap.begin(), heap.end(), MaxOrder{});
  } else {
    detail::heapify(heap, MaxOrder{});
    for (int64_t i = n; i < size; ++i) {
      auto k = key_of(key, data[i]);
      if (muna::python::detail::less(k, std::get<0>(heap[0]))) {
        detail::heapreplace(heap, decorate(key, data[i], order), MaxOrder{});
        order += 1;
      }
    }
    std::sort(heap.begin(), heap.end(), MinOrder{});
  }
  for (const D& d : heap) out.push_back(undecorated(d));
  return out;
}

}  // namespace muna::python::heapq::detail
