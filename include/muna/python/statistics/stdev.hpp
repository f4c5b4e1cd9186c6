// statistics.stdev(data, xbar=None): the sample standard deviation: the square root of the exact variance,
// rounded once (CPython's _float_sqrt_of_frac). StatisticsError("stdev requires at least
// two data points"); with a NaN or an infinity among the data, CPython's AttributeError("'float'
// object has no attribute 'numerator'"). With xbar=, the deviations from it are squared in the
// data's arithmetic first (CPython's _ss(data, c)).
#pragma once

#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/spread.hpp"

namespace muna::python::statistics {

template <class T>
double stdev(const List<T>& data) {
  return detail::spread(detail::Spread{"stdev", true, true}, data);
}

template <class T, class C>
double stdev(const List<T>& data, C xbar) {
  return detail::spread(detail::Spread{"stdev", true, true}, data, xbar);
}

}  // namespace muna::python::statistics
