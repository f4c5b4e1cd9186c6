// itertools.combinations(iterable, r): CPython's combinations_next, so r-tuples of input
// positions in lexicographic order; the input is read whole first.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/itertools/detail/pool.hpp>

namespace muna::python::itertools {
template <class Result, class T, class Iterable>
Iterator<Result> combinations(const Iterable& items, int64_t r, bool) {
  auto pool = detail::pool<T>(items);
  const int64_t n = static_cast<int64_t>(pool.size());
  if (r < 0) throw ValueError("r must be non-negative");
  std::vector<int64_t> indices(r);
  for (int64_t i = 0; i < r; ++i) indices[i] = i;
  return make_iterator<Result>([pool = std::move(pool), n, r, indices, first = true,
                                stopped = r > n]() mutable -> std::optional<Result> {
    if (stopped) return std::nullopt;
    if (first) {
      first = false;
      return detail::pick<Result>(pool, indices, r);
    }
    int64_t i = r - 1;
    while (i >= 0 && indices[i] == i + n - r) --i;
    if (i < 0) {
      stopped = true;
      return std::nullopt;
    }
    ++indices[i];
    for (int64_t j = i + 1; j < r; ++j) indices[j] = indices[j - 1] + 1;
    return detail::pick<Result>(pool, indices, r);
  });
}
}  // namespace muna::python::itertools
