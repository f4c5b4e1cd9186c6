// statistics.median_low(data): the middle item of the sorted data, the lower of the two when
// len(data) is even. StatisticsError("no median for empty data").
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/sorted.hpp"

namespace muna::python::statistics {

template <class T>
T median_low(const List<T>& data) {
  const auto sorted = detail::sorted(data);
  const size_t n = sorted.size();
  if (n == 0) throw StatisticsError("no median for empty data");
  return n % 2 == 1 ? sorted[n / 2] : sorted[n / 2 - 1];
}

}  // namespace muna::python::statistics
