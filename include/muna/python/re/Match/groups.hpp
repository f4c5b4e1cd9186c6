// re.Match.groups(default=None): every group's text, `default` for a group that did not take
// part. T... are the items' types (std::string where no None can occur).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "muna/core/none.hpp"
#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

namespace detail {
template <class T, class D>
T group_or(const MatchObject& m, int64_t g, const D& default_) {
  std::optional<std::string> text = m.group(g);
  if constexpr (std::is_same_v<T, std::string>) {
    if constexpr (std::is_same_v<D, std::string>)
      return text ? std::move(*text) : default_;
    else
      return required(std::move(text));
  } else {
    if constexpr (std::is_same_v<D, std::string>)
      return text ? std::move(text) : std::optional<std::string>(default_);
    else
      return text;
  }
}

template <class... T, class D, size_t... I>
std::tuple<T...> groups_of(const MatchObject& m, const D& default_, std::index_sequence<I...>) {
  return std::tuple<T...>{group_or<T>(m, static_cast<int64_t>(I) + 1, default_)...};
}
}  // namespace detail

template <class... T, class D>
std::tuple<T...> groups(const MatchObject& self, const D& default_) {
  if (self.groups() != static_cast<int64_t>(sizeof...(T)))
    throw RuntimeError("regular expression has an unexpected number of groups");
  return detail::groups_of<T...>(self, default_, std::index_sequence_for<T...>{});
}

}  // namespace muna::python::re::Match
