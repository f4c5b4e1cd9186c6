// itertools.product(*iterables, repeat=1): CPython reads every input whole when the product is
// made (none of them when repeat is 0), then counts through the pools like an odometer, the
// rightmost fastest. `Result` is the tuple type: std::tuple for a repeat known at compile time,
// a tuple[T, ...] (muna::python::Tuple) otherwise.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/iterator.hpp>
#include <muna/python/itertools/detail/pool.hpp>

namespace muna::python::itertools {
namespace detail {
template <class Result, class Pools, size_t... I>
Result product_pick(const Pools& pools, const std::vector<int64_t>& indices, std::index_sequence<I...>) {
  constexpr size_t n = std::tuple_size_v<Pools>;
  return Result{item_as<std::tuple_element_t<I, Result>>(std::get<I % n>(pools)[indices[I]])...};
}
}  // namespace detail

template <class Result, class... Iterables>
Iterator<Result> product(int64_t repeat, const Iterables&... iterables) {
  if (repeat < 0) throw ValueError("repeat argument cannot be negative");
  std::vector<int64_t> sizes;
  std::function<Result(const std::vector<int64_t>&)> pick;
  if constexpr (detail::is_frozen_list<Result>::value) {
    using T = typename Result::value_type;
    std::vector<std::vector<T>> pools;
    if (repeat > 0) (pools.push_back(detail::pool<T>(iterables)), ...);
    const size_t n = pools.size();
    for (int64_t r = 1; r < repeat; ++r)
      for (size_t i = 0; i < n; ++i) pools.push_back(pools[i]);
    for (const auto& p : pools) sizes.push_back(static_cast<int64_t>(p.size()));
    pick = [pools](const std::vector<int64_t>& indices) {
      std::vector<T> items;
      for (size_t i = 0; i < pools.size(); ++i) items.push_back(pools[i][indices[i]]);
      return Result(std::move(items));
    };
  } else {
    constexpr size_t total = std::tuple_size_v<Result>;
    if constexpr (total > 0) {
      auto pools = std::make_tuple(detail::pool<item_of_t<Iterables>>(iterables)...);
      constexpr size_t n = sizeof...(Iterables);
      std::vector<int64_t> own;
      std::apply([&](const auto&... p) { (own.push_back(static_cast<int64_t>(p.size())), ...); }, pools);
      for (size_t i = 0; i < total; ++i) sizes.push_back(own[i % n]);
      pick = [pools](const std::vector<int64_t>& indices) {
        return detail::product_pick<Result>(pools, indices, std::make_index_sequence<total>{});
      };
    } else {
      pick = [](const std::vector<int64_t>&) { return Result{}; };
    }
  }
  return make_iterator<Result>([sizes, pick, indices = std::vector<int64_t>(sizes.size(), 0), first = true,
                                stopped = false]() mutable -> std::optional<Result> {
    if (stopped) return std::nullopt;
    if (first) {
      first = false;
      for (int64_t s : sizes)
        if (s == 0) {
          stopped = true;
          return std::nullopt;
        }
      return pick(indices);
    }
    int64_t i = static_cast<int64_t>(sizes.size()) - 1;
    for (; i >= 0; --i) {
      if (++indices[i] == sizes[i]) indices[i] = 0;
      else break;
    }
    if (i < 0) {
      stopped = true;
      return std::nullopt;
    }
    return pick(indices);
  });
}
}  // namespace muna::python::itertools
