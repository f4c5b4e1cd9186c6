// re.Match.string: the string the match was found in.
#pragma once
#include <string>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

inline std::string string(const MatchObject& self) { return self.string(); }

}  // namespace muna::python::re::Match
