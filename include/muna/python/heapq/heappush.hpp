// heapq.heappush(heap, item): appends and sifts down, as CPython.
#pragma once

#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class T>
void heappush(const List<T>& heap, T item) {
  auto& v = heap.items();
  v.push_back(std::move(item));
  detail::siftdown(v, 0, v.size() - 1, detail::MinOrder{});
}

}  // namespace muna::python::heapq
