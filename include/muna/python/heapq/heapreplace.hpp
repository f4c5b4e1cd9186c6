// heapq.heapreplace(heap, item): pops heap[0] and sifts item in (the result may be larger than
// item). IndexError("index out of range") on an empty heap.
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class T>
T heapreplace(const List<T>& heap, T item) {
  if (heap.size() == 0) throw IndexError("index out of range");
  return detail::heapreplace(heap.items(), std::move(item), detail::MinOrder{});
}

}  // namespace muna::python::heapq
