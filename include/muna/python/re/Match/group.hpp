// re.Match.group(*groups) and m[g]: a group's text by number or name (None when the group did
// not take part), group 0 the whole match, several groups as a tuple. group_text is the form
// for groups the pattern always sets (typed str); group_tuple gives each item's type.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

template <class G>
std::optional<std::string> group(const MatchObject& self, const G& g) {
  return self.group(self.index(g));
}

template <class G>
std::string group_text(const MatchObject& self, const G& g) {
  return required(self.group(self.index(g)));
}

template <class T, class G>
T group_as(const MatchObject& self, const G& g) {
  if constexpr (std::is_same_v<T, std::string>)
    return group_text(self, g);
  else
    return group(self, g);
}

template <class... T, class... G>
std::tuple<T...> group_tuple(const MatchObject& self, const G&... g) {
  return std::tuple<T...>{group_as<T>(self, g)...};
}

}  // namespace muna::python::re::Match
