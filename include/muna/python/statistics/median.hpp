// statistics.median(data): the middle item of the sorted data, or the mean of the two middle
// ones ((a + b) / 2; for ints exact, rounded once). StatisticsError("no median for empty
// data"). For ints CPython returns the middle int itself when len(data) is odd; muna returns a
// float (the same value below 2**53).
#pragma once
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/sorted.hpp"

namespace muna::python::statistics {

template <class T>
double median(const List<T>& data) {
  const auto sorted = detail::sorted(data);
  const size_t n = sorted.size();
  if (n == 0) throw StatisticsError("no median for empty data");
  if (n % 2 == 1) return static_cast<double>(sorted[n / 2]);
  const size_t i = n / 2;
  if constexpr (std::is_floating_point_v<T>) {
    return (sorted[i - 1] + sorted[i]) / 2;
  } else {
    return detail::interpolate_ints(sorted[i - 1], 1, sorted[i], 1, 2);
  }
}

}  // namespace muna::python::statistics
