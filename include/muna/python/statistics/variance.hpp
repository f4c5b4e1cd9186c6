// statistics.variance(data, xbar=None): the sample variance, exact and rounded once (CPython sums
// exact fractions); NaNs and infinities give CPython's float result; a variance beyond the float
// range is CPython's OverflowError("integer division result too large for a float"). With xbar=,
// the deviations from it are squared in the data's arithmetic first (CPython's _ss(data, c)).
// For ints CPython returns an int when the variance is integral; muna returns a float.
#pragma once

#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/spread.hpp"

namespace muna::python::statistics {

template <class T>
double variance(const List<T>& data) {
  return detail::spread(detail::Spread{"variance", true, false}, data);
}

template <class T, class C>
double variance(const List<T>& data, C xbar) {
  return detail::spread(detail::Spread{"variance", true, false}, data, xbar);
}

}  // namespace muna::python::statistics
