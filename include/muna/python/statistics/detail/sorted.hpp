// sorted(data) for the order statistics (median, quantiles): Python's stable sort by `<`.
#pragma once
#include <cstdint>
#include <vector>

#include "muna/core/none.hpp"
#include "muna/python/detail/sort.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/exact.hpp"

namespace muna::python::statistics::detail {

template <class T>
std::vector<T> sorted(const List<T>& data) {
  std::vector<T> out = data.items();
  muna::python::detail::stable_sort(out, NoneType{}, false);
  return out;
}

// (a * p + b * q) / n as CPython computes it on ints: exact, then rounded once.
inline double interpolate_ints(int64_t a, int64_t p, int64_t b, int64_t q, int64_t n) {
  const __int128 num = static_cast<__int128>(a) * p + static_cast<__int128>(b) * q;
  const unsigned __int128 mag = num < 0 ? -static_cast<unsigned __int128>(num) : static_cast<unsigned __int128>(num);
  return ratio_to_double(BigUInt(mag), BigUInt(static_cast<unsigned __int128>(n)), 0, num < 0);
}

}  // namespace muna::python::statistics::detail
