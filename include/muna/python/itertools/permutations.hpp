// itertools.permutations(iterable, r=None): CPython's algorithm (indices and cycles), so the
// tuples come in its order: lexicographic by position in the input, which is read whole first.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/itertools/detail/pool.hpp>

namespace muna::python::itertools {
// `has_r`: r was given (else it is the input's length).
template <class Result, class T, class Iterable>
Iterator<Result> permutations(const Iterable& items, int64_t r, bool has_r) {
  auto pool = detail::pool<T>(items);
  const int64_t n = static_cast<int64_t>(pool.size());
  if (!has_r) r = n;
  if (r < 0) throw ValueError("r must be non-negative");
  std::vector<int64_t> indices(n), cycles(r > n ? 0 : r);
  for (int64_t i = 0; i < n; ++i) indices[i] = i;
  for (int64_t i = 0; i < static_cast<int64_t>(cycles.size()); ++i) cycles[i] = n - i;
  return make_iterator<Result>([pool = std::move(pool), n, r, indices, cycles, first = true,
                                stopped = r > n]() mutable -> std::optional<Result> {
    if (stopped) return std::nullopt;
    if (first) {
      first = false;
      return detail::pick<Result>(pool, indices, r);
    }
    if (n == 0) {
      stopped = true;
      return std::nullopt;
    }
    int64_t i = r - 1;
    for (; i >= 0; --i) {
      if (--cycles[i] == 0) {
        const int64_t index = indices[i];
        for (int64_t j = i; j < n - 1; ++j) indices[j] = indices[j + 1];
        indices[n - 1] = index;
        cycles[i] = n - i;
      } else {
        const int64_t j = cycles[i];
        std::swap(indices[i], indices[n - j]);
        break;
      }
    }
    if (i < 0) {
      stopped = true;
      return std::nullopt;
    }
    return detail::pick<Result>(pool, indices, r);
  });
}
}  // namespace muna::python::itertools
