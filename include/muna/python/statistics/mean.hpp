// statistics.mean(data): the exact mean, rounded once (CPython sums exact fractions); NaNs and
// infinities give CPython's float result. StatisticsError("mean requires at least one data
// point"). For ints CPython returns an int when the mean is integral; muna always returns a
// float of the same value.
#pragma once

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/moments.hpp"

namespace muna::python::statistics {

template <class T>
double mean(const List<T>& data) {
  const detail::Moments m = detail::moments(data, false);
  if (m.count < 1) throw StatisticsError("mean requires at least one data point");
  if (m.special) return m.special_total / static_cast<double>(m.count);
  return detail::ratio_to_double(m.sum.magnitude, detail::big(m.count), m.exponent, m.sum.negative);
}

}  // namespace muna::python::statistics
