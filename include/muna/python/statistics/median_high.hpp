// statistics.median_high(data): the middle item of the sorted data, the higher of the two when
// len(data) is even. StatisticsError("no median for empty data").
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/sorted.hpp"

namespace muna::python::statistics {

template <class T>
T median_high(const List<T>& data) {
  const auto sorted = detail::sorted(data);
  if (sorted.empty()) throw StatisticsError("no median for empty data");
  return sorted[sorted.size() / 2];
}

}  // namespace muna::python::statistics
