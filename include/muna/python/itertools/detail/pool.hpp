// The pools of itertools' combinatoric iterators (product, permutations, combinations): the
// input read whole when the iterator is made, as CPython makes a tuple of it, and the result
// tuples picked from it by index.
#pragma once
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include <muna/python/iterator.hpp>
#include <muna/python/list.hpp>

namespace muna::python::itertools::detail {

template <class T, class Iterable>
std::vector<T> pool(const Iterable& items) {
  std::vector<T> out;
  auto it = iter_as<T>(items);
  while (auto x = it.next()) out.push_back(std::move(*x));
  return out;
}

template <class R> struct is_frozen_list : std::false_type {};
template <class T> struct is_frozen_list<Tuple<T>> : std::true_type {};

// The tuple of pool[indices[0]], pool[indices[1]], ...: a std::tuple of known length, or a
// tuple[T, ...] (muna::python::Tuple) when the length is known only at run time.
template <class Result, class T, size_t... I>
Result pick_tuple(const std::vector<T>& pool, const std::vector<int64_t>& indices, std::index_sequence<I...>) {
  return Result{item_as<std::tuple_element_t<I, Result>>(pool[indices[I]])...};
}
template <class Result, class T>
Result pick(const std::vector<T>& pool, const std::vector<int64_t>& indices, int64_t r) {
  if constexpr (is_frozen_list<Result>::value) {
    std::vector<typename Result::value_type> items;
    for (int64_t i = 0; i < r; ++i) items.push_back(pool[indices[i]]);
    return Result(std::move(items));
  } else {
    return pick_tuple<Result>(pool, indices, std::make_index_sequence<std::tuple_size_v<Result>>{});
  }
}

}  // namespace muna::python::itertools::detail
