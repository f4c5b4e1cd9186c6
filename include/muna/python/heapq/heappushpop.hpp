// heapq.heappushpop(heap, item): item itself if the heap is empty or item <= heap[0] (by `<`),
// else heap[0], with item sifted in.
#pragma once

#include "muna/python/detail/less.hpp"
#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class T>
T heappushpop(const List<T>& heap, T item) {
  auto& v = heap.items();
  if (v.empty() || !muna::python::detail::less(v[0], item)) return item;
  return detail::heapreplace(v, std::move(item), detail::MinOrder{});
}

}  // namespace muna::python::heapq
