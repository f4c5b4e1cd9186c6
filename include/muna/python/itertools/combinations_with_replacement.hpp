// itertools.combinations_with_replacement(iterable, r): CPython's cwr_next, so sorted r-tuples
// of input positions (repeats allowed) in lexicographic order; the input is read whole first.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/itertools/detail/pool.hpp>

namespace muna::python::itertools {
template <class Result, class T, class Iterable>
Iterator<Result> combinations_with_replacement(const Iterable& items, int64_t r, bool) {
  auto pool = detail::pool<T>(items);
  const int64_t n = static_cast<int64_t>(pool.size());
  if (r < 0) throw ValueError("r must be non-negative");
  return make_iterator<Result>([pool = std::move(pool), n, r, indices = std::vector<int64_t>(r, 0), first = true,
                                stopped = n == 0 && r > 0]() mutable -> std::optional<Result> {
    if (stopped) return std::nullopt;
    if (first) {
      first = false;
      return detail::pick<Result>(pool, indices, r);
    }
    int64_t i = r - 1;
    while (i >= 0 && indices[i] == n - 1) --i;
    if (i < 0) {
      stopped = true;
      return std::nullopt;
    }
    const int64_t index = indices[i] + 1;
    for (; i < r; ++i) indices[i] = index;
    return detail::pick<Result>(pool, indices, r);
  });
}
}  // namespace muna::python::itertools
