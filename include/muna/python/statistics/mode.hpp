// statistics.mode(data): the most common value, the first seen among equally common ones
// (Counter.most_common(1)). StatisticsError("no mode for empty data"). Values compare as dict
// keys do (see detail/counter.hpp for NaN).
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/counter.hpp"

namespace muna::python::statistics {

template <class T>
T mode(const List<T>& data) {
  const auto counts = detail::counts_in_order(data);
  if (counts.empty()) throw StatisticsError("no mode for empty data");
  size_t best = 0;
  for (size_t i = 1; i < counts.size(); ++i)
    if (counts[i].second > counts[best].second) best = i;
  return counts[best].first;
}

}  // namespace muna::python::statistics
