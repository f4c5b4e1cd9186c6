// itertools.tee(iterable, n=2): n iterators over the same items, each at its own position; the
// input is read once, when the iterator furthest ahead needs its next item, and items are kept
// until the last iterator has read them.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
namespace detail {
template <class T>
struct TeeBuffer {
  Iterator<T> source;
  std::deque<T> items;  // items[0] is item number `first`
  int64_t first = 0;
  std::vector<int64_t> positions;
  void trim() {
    int64_t lowest = positions.empty() ? first : positions[0];
    for (int64_t p : positions) lowest = p < lowest ? p : lowest;
    while (first < lowest && !items.empty()) {
      items.pop_front();
      ++first;
    }
  }
};

template <class T, size_t... I>
auto tee(const std::shared_ptr<TeeBuffer<T>>& buffer, std::index_sequence<I...>) {
  auto child = [&](size_t k) {
    return make_iterator<T>([buffer, k]() -> std::optional<T> {
      TeeBuffer<T>& b = *buffer;
      const int64_t at = b.positions[k];
      if (at - b.first >= static_cast<int64_t>(b.items.size())) {
        auto x = b.source.next();
        if (!x) return std::nullopt;
        b.items.push_back(std::move(*x));
      }
      std::optional<T> out = b.items[static_cast<size_t>(at - b.first)];
      ++b.positions[k];
      b.trim();
      return out;
    });
  };
  return std::make_tuple(((void)I, child(I))...);
}
}  // namespace detail

template <class T, size_t N, class Iterable>
auto tee(const Iterable& items) {
  auto buffer = std::make_shared<detail::TeeBuffer<T>>();
  buffer->source = iter_as<T>(items);
  buffer->positions.assign(N, 0);
  return detail::tee<T>(buffer, std::make_index_sequence<N>{});
}
}  // namespace muna::python::itertools
