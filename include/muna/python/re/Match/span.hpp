// re.Match.span(group=0): (start, end) of the group, (-1, -1) when it did not take part.
#pragma once
#include <cstdint>
#include <tuple>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

template <class G>
std::tuple<int64_t, int64_t> span(const MatchObject& self, const G& g) {
  int64_t i = self.index(g);
  return {self.start(i), self.end(i)};
}

}  // namespace muna::python::re::Match
