// re.Match.lastindex: the number of the last group closed, or None.
#pragma once
#include <cstdint>
#include <optional>

#include "muna/python/re/detail/match.hpp"

namespace muna::python::re::Match {

inline std::optional<int64_t> lastindex(const MatchObject& self) { return self.lastindex(); }

}  // namespace muna::python::re::Match
