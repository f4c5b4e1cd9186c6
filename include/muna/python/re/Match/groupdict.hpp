// re.Match.groupdict(default=None): named group -> its text (`default` when it did not take
// part), in the order the groups appear. T is the values' type.
#pragma once
#include <optional>
#include <string>

#include "muna/python/dict.hpp"
#include "muna/python/re/Match/groups.hpp"
#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

template <class T, class D>
Dict<std::string, T> groupdict(const MatchObject& self, const D& default_) {
  Dict<std::string, T> out;
  for (const auto& [name, g] : self.pattern().program.groupindex) out.set(name, detail::group_or<T>(self, g, default_));
  return out;
}

}  // namespace muna::python::re::Match
