// statistics.pstdev(data, mu=None): the population standard deviation: the square root of the exact variance,
// rounded once (CPython's _float_sqrt_of_frac). StatisticsError("pstdev requires at least
// one data point"); with a NaN or an infinity among the data, CPython's AttributeError("'float'
// object has no attribute 'numerator'"). With mu=, the deviations from it are squared in the
// data's arithmetic first (CPython's _ss(data, c)).
#pragma once

#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/spread.hpp"

namespace muna::python::statistics {

template <class T>
double pstdev(const List<T>& data) {
  return detail::spread(detail::Spread{"pstdev", false, true}, data);
}

template <class T, class C>
double pstdev(const List<T>& data, C mu) {
  return detail::spread(detail::Spread{"pstdev", false, true}, data, mu);
}

}  // namespace muna::python::statistics
