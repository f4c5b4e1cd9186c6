// statistics.pvariance(data, mu=None): the population variance, exact and rounded once (CPython sums
// exact fractions); NaNs and infinities give CPython's float result; a variance beyond the float
// range is CPython's OverflowError("integer division result too large for a float"). With mu=,
// the deviations from it are squared in the data's arithmetic first (CPython's _ss(data, c)).
// For ints CPython returns an int when the variance is integral; muna returns a float.
#pragma once

#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/spread.hpp"

namespace muna::python::statistics {

template <class T>
double pvariance(const List<T>& data) {
  return detail::spread(detail::Spread{"pvariance", false, false}, data);
}

template <class T, class C>
double pvariance(const List<T>& data, C mu) {
  return detail::spread(detail::Spread{"pvariance", false, false}, data, mu);
}

}  // namespace muna::python::statistics
