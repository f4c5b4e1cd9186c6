// re.Match.start(group=0): the code point index where the group's match starts, -1 when the group
// did not take part.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

template <class G>
int64_t start(const MatchObject& self, const G& g) {
  return self.start(self.index(g));
}

}  // namespace muna::python::re::Match
