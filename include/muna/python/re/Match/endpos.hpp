// re.Match.endpos: the endpos the search was given, clamped to the string.
#pragma once
#include <cstdint>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

inline int64_t endpos(const MatchObject& self) { return self.endpos(); }

}  // namespace muna::python::re::Match
