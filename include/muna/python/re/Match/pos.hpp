// re.Match.pos: the pos the search was given, clamped to the string.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

inline int64_t pos(const MatchObject& self) { return self.pos(); }

}  // namespace muna::python::re::Match
