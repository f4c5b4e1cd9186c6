// statistics.quantiles(data, *, n=4, method='exclusive'): the n - 1 cut points, interpolated
// between the sorted data as CPython does (floats in float arithmetic, ints exactly and rounded
// once). StatisticsError("n must be at least 1"), ("must have at least two data points");
// ValueError("Unknown method: ...") for another method.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/sorted.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::statistics {
namespace detail {

template <class T>
double interpolate(const T& a, int64_t p, const T& b, int64_t q, int64_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    return (a * static_cast<double>(p) + b * static_cast<double>(q)) / static_cast<double>(n);
  } else {
    return interpolate_ints(a, p, b, q, n);
  }
}

}  // namespace detail

template <class T>
List<double> quantiles(const List<T>& data, int64_t n, const std::string& method) {
  if (n < 1) throw StatisticsError("n must be at least 1");
  const auto sorted = detail::sorted(data);
  const int64_t ld = static_cast<int64_t>(sorted.size());
  if (ld < 2) throw StatisticsError("must have at least two data points");
  List<double> result;
  if (method == "inclusive") {
    const int64_t m = ld - 1;
    for (int64_t i = 1; i < n; ++i) {
      const __int128 im = static_cast<__int128>(i) * m;
      const int64_t j = static_cast<int64_t>(im / n), delta = static_cast<int64_t>(im % n);
      result.push_back(detail::interpolate(sorted[j], n - delta, sorted[j + 1], delta, n));
    }
    return result;
  }
  if (method == "exclusive") {
    const int64_t m = ld + 1;
    for (int64_t i = 1; i < n; ++i) {
      const __int128 im = static_cast<__int128>(i) * m;
      int64_t j = static_cast<int64_t>(im / n);
      j = j < 1 ? 1 : j > ld - 1 ? ld - 1 : j;
      const int64_t delta = static_cast<int64_t>(im - static_cast<__int128>(j) * n);
      result.push_back(detail::interpolate(sorted[j - 1], n - delta, sorted[j], delta, n));
    }
    return result;
  }
  throw ValueError("Unknown method: " + format::quote_str(method, false));
}

}  // namespace muna::python::statistics
MUNA_FP_EXACT_END
