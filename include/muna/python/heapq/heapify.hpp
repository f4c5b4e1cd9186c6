// heapq.heapify(x): in place, in CPython's order (sifting up from the last parent to the root).
#pragma once

#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class T>
void heapify(const List<T>& x) {
  detail::heapify(x.items(), detail::MinOrder{});
}

}  // namespace muna::python::heapq
