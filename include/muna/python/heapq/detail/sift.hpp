// The sifts of CPython's heapq (_heapqmodule.c, the same as heapq.py's _siftdown/_siftup and
// their max-heap twins): the exact algorithm, so every heap holds its items in CPython's order.
// `less` is Python's `<`; a max-heap swaps its arguments.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

#include "muna/python/detail/less.hpp"

namespace muna::python::heapq::detail {

struct MinOrder {
  template <class T>
  bool operator()(const T& a, const T& b) const { return muna::python::detail::less(a, b); }
};
struct MaxOrder {
  template <class T>
  bool operator()(const T& a, const T& b) const { return muna::python::detail::less(b, a); }
};

// Moves heap[pos] up towards startpos while it comes before its parent.
template <class T, class Before>
void siftdown(std::vector<T>& heap, size_t startpos, size_t pos, Before before) {
  T newitem = std::move(heap[pos]);
  while (pos > startpos) {
    const size_t parentpos = (pos - 1) >> 1;
    if (!before(newitem, heap[parentpos])) break;
    heap[pos] = std::move(heap[parentpos]);
    pos = parentpos;
  }
  heap[pos] = std::move(newitem);
}

// Moves the smaller child up until a leaf, then heap[pos]'s item back up (heapq.py's _siftup).
template <class T, class Before>
void siftup(std::vector<T>& heap, size_t pos, Before before) {
  const size_t endpos = heap.size();
  const size_t startpos = pos;
  T newitem = std::move(heap[pos]);
  size_t childpos = 2 * pos + 1;
  while (childpos < endpos) {
    const size_t rightpos = childpos + 1;
    if (rightpos < endpos && !before(heap[childpos], heap[rightpos])) childpos = rightpos;
    heap[pos] = std::move(heap[childpos]);
    pos = childpos;
    childpos = 2 * pos + 1;
  }
  heap[pos] = std::move(newitem);
  siftdown(heap, startpos, pos, before);
}

template <class T, class Before>
void heapify(std::vector<T>& heap, Before before) {
  for (size_t i = heap.size() / 2; i-- > 0;) siftup(heap, i, before);
}

template <class T, class Before>
T heapreplace(std::vector<T>& heap, T item, Before before) {
  T top = std::move(heap[0]);
  heap[0] = std::move(item);
  siftup(heap, 0, before);
  return top;
}

template <class T, class Before>
T heappop(std::vector<T>& heap, Before before) {
  T last = std::move(heap.back());
  heap.pop_back();
  if (heap.empty()) return last;
  return heapreplace(heap, std::move(last), before);
}

}  // namespace muna::python::heapq::detail
