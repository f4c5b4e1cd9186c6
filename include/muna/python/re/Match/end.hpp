// re.Match.end(group=0): the code point index where the group's match ends, -1 when the group
// did not take part.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

template <class G>
int64_t end(const MatchObject& self, const G& g) {
  return self.end(self.index(g));
}

}  // namespace muna::python::re::Match
