// zip(...) when an input is an iterator: lazy, as Python's zip. Each round reads the inputs left
// to right and ends at the first that has no item (the items read before it in that round are
// lost, as in CPython: it decides what a shared iterator gives later).
#pragma once
#include <optional>
#include <tuple>
#include <utility>

#include <muna/python/iterator.hpp>

namespace muna::python::iterator {
namespace detail {
template <class Its, size_t... I>
auto zip(Its its, std::index_sequence<I...>) {
  using Result = std::tuple<typename std::tuple_element_t<I, Its>::value_type...>;
  return make_iterator<Result>([its = std::move(its)]() -> std::optional<Result> {
    std::tuple<std::optional<typename std::tuple_element_t<I, Its>::value_type>...> parts;
    bool ended = false;
    auto read = [&](auto index) {
      constexpr size_t k = decltype(index)::value;
      if (ended) return;
      std::get<k>(parts) = std::get<k>(its).next();
      ended = !std::get<k>(parts).has_value();
    };
    (read(std::integral_constant<size_t, I>{}), ...);
    if (ended || sizeof...(I) == 0) return std::nullopt;
    return Result{std::move(*std::get<I>(parts))...};
  });
}
}  // namespace detail

template <class... Iterables>
auto zip(const Iterables&... iterables) {
  return detail::zip(std::make_tuple(iter(iterables)...), std::index_sequence_for<Iterables...>{});
}
}  // namespace muna::python::iterator
