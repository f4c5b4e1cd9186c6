// statistics.fmean(data, weights=None): fsum(data) / len(data), or, with weights,
// fsum(x * w) / fsum(weights). StatisticsError("fmean requires at least one data point"),
// ("data and weights must be the same length"), ("sum of weights must be non-zero").
#pragma once
#include <algorithm>
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/math/fsum.hpp"
#include "muna/python/detail/fp_exact.hpp"

MUNA_FP_EXACT_BEGIN
namespace muna::python::statistics {

template <class T>
double fmean(const List<T>& data) {
  const double total = math::fsum(data);
  if (data.size() == 0) throw StatisticsError("fmean requires at least one data point");
  return total / static_cast<double>(data.size());
}

template <class T, class W>
double fmean(const List<T>& data, const List<W>& weights) {
  // map(mul, data, weights) stops at the shorter one; the lengths are checked after.
  math::detail::ExactSum num;
  const size_t n = std::min(data.items().size(), weights.items().size());
  for (size_t i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T> && std::is_integral_v<W>) {
      // An exact int product, converted to float (rounded once) by fsum.
      num.add(static_cast<double>(static_cast<__int128>(data.items()[i]) * static_cast<int64_t>(weights.items()[i])));
    } else {
      num.add(static_cast<double>(data.items()[i]) * static_cast<double>(weights.items()[i]));
    }
  }
  const double numerator = num.result();
  if (data.size() != weights.size()) throw StatisticsError("data and weights must be the same length");
  const double den = math::fsum(weights);
  if (den == 0.0) throw StatisticsError("sum of weights must be non-zero");
  return numerator / den;
}

}  // namespace muna::python::statistics
MUNA_FP_EXACT_END
