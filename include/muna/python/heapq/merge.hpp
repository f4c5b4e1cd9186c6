// heapq.merge(*iterables, key=None, reverse=False): heapq.py's merge, run to the end: a list
// (CPython returns a lazy iterator over the same items). Each input's head sits in a heap
// decorated with the input's position (and key), so equal items come out in CPython's order,
// sorted inputs or not.
#pragma once
#include <cstdint>
#include <tuple>
#include <vector>

#include "muna/python/heapq/detail/select.hpp"
#include "muna/python/heapq/detail/sift.hpp"
#include "muna/python/list.hpp"

namespace muna::python::heapq {

template <class Key, class T, class... Rest>
List<T> merge(const Key& key, bool reverse, const List<T>& first, const Rest&... rest) {
  const std::vector<const std::vector<T>*> inputs = {&first.items(), &rest.items()...};
  using D = decltype(detail::decorate(key, first.items().front(), int64_t{0}));
  struct Head {
    D decorated;
    size_t input, next;  // which input, and the position of its next item
  };
  const int64_t direction = reverse ? -1 : 1;
  std::vector<Head> heap;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (!inputs[i]->empty())
      heap.push_back({detail::decorate(key, inputs[i]->front(), static_cast<int64_t>(i) * direction), i, 1});
  auto before = [reverse](const Head& a, const Head& b) {
    return reverse ? detail::MaxOrder{}(a.decorated, b.decorated) : detail::MinOrder{}(a.decorated, b.decorated);
  };
  detail::heapify(heap, before);
  List<T> out;
  while (heap.size() > 1) {
    Head& s = heap[0];
    const std::vector<T>& input = *inputs[s.input];
    out.push_back(detail::undecorated(s.decorated));
    if (s.next == input.size()) {
      detail::heappop(heap, before);  // that input is exhausted
      continue;
    }
    s.decorated = detail::decorate(key, input[s.next], std::get<1>(s.decorated));
    s.next += 1;
    detail::siftup(heap, 0, before);  // heapreplace(h, s) with s == h[0]
  }
  if (!heap.empty()) {
    const std::vector<T>& input = *inputs[heap[0].input];
    out.push_back(detail::undecorated(heap[0].decorated));
    for (size_t i = heap[0].next; i < input.size(); ++i) out.push_back(input[i]);
  }
  return out;
}

}  // namespace muna::python::heapq
