// itertools.zip_longest(*iterables, fillvalue=None): tuples until every input ended, the ended
// ones giving fillvalue; each round reads the inputs left to right, and an input that ended is
// not read again (CPython's zip_longest_next).
#pragma once
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>

#include <muna/python/iterator.hpp>

namespace muna::python::itertools {
namespace detail {
template <class Result, class Fill, class Its, size_t... I>
Iterator<Result> zip_longest(const Fill& fill, Its its, std::index_sequence<I...>) {
  return make_iterator<Result>([fill, its = std::move(its), active = int64_t(sizeof...(I))]() mutable
                               -> std::optional<Result> {
    if (sizeof...(I) == 0 || active == 0) return std::nullopt;
    std::tuple<std::optional<std::tuple_element_t<I, Result>>...> parts;
    bool done = false;
    auto read = [&](auto index) {
      constexpr size_t k = decltype(index)::value;
      using E = std::tuple_element_t<k, Result>;
      if (done) return;
      auto& it = std::get<k>(its);
      if (!it) {
        std::get<k>(parts) = item_as<E>(fill);
        return;
      }
      auto x = it->next();
      if (!x) {
        if (--active == 0) {
          done = true;
          return;
        }
        it.reset();
        std::get<k>(parts) = item_as<E>(fill);
        return;
      }
      std::get<k>(parts) = item_as<E>(*x);
    };
    (read(std::integral_constant<size_t, I>{}), ...);
    if (done) return std::nullopt;
    return Result{std::move(*std::get<I>(parts))...};
  });
}
}  // namespace detail

template <class Result, class Fill, class... Iterables>
Iterator<Result> zip_longest(const Fill& fill, const Iterables&... iterables) {
  auto its = std::make_tuple(std::optional(iter(iterables))...);
  return detail::zip_longest<Result>(fill, std::move(its), std::index_sequence_for<Iterables...>{});
}
}  // namespace muna::python::itertools
