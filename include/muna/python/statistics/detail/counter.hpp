// collections.Counter over the data, as mode and multimode use it: each distinct value with its
// count, in first-seen order. Values are equal as Python's dict keys are: 0.0 and -0.0 are one
// key (the first one seen is kept); a NaN equals nothing, so each NaN is a key of its own (in
// CPython two NaNs are one key only when they are the same object).
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "muna/python/hash.hpp"
#include "muna/python/list.hpp"

namespace muna::python::statistics::detail {

template <class T>
std::vector<std::pair<T, int64_t>> counts_in_order(const List<T>& data) {
  std::vector<std::pair<T, int64_t>> counts;
  std::unordered_map<T, size_t, Hash<T>> index;
  for (const T& x : data) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(x)) {
        counts.emplace_back(x, 1);
        continue;
      }
    }
    auto [it, inserted] = index.emplace(x, counts.size());
    if (inserted)
      counts.emplace_back(x, 1);
    else
      ++counts[it->second].second;
  }
  return counts;
}

}  // namespace muna::python::statistics::detail
