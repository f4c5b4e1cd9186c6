// re.Match.re: the Pattern that made the match.
#pragma once

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

inline PatternObject re(const MatchObject& self) { return PatternObject(self.pattern_ptr()); }

}  // namespace muna::python::re::Match
