// statistics.multimode(data): every value of the highest count, in first-seen order; [] for
// empty data. Values compare as dict keys do (see detail/counter.hpp for NaN).
#pragma once
#include <cstdint>

#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/counter.hpp"

namespace muna::python::statistics {

template <class T>
List<T> multimode(const List<T>& data) {
  const auto counts = detail::counts_in_order(data);
  int64_t most = 0;
  for (const auto& c : counts) most = c.second > most ? c.second : most;
  List<T> out;
  for (const auto& c : counts)
    if (c.second == most) out.push_back(c.first);
  return out;
}

}  // namespace muna::python::statistics
