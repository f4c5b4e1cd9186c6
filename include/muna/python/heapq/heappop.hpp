// heapq.heappop(heap): the smallest item; the last one takes its place and sifts up, as
// CPython. IndexError("index out of range") on an empty heap.
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class T>
T heappop(const List<T>& heap) {
  if (heap.size() == 0) throw IndexError("index out of range");
  return detail::heappop(heap.items(), detail::MinOrder{});
}

}  // namespace muna::python::heapq
