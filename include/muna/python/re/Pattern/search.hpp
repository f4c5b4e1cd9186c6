// re.Pattern.search(string, pos=0, endpos=sys.maxsize): a Match, or None.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re::Pattern {

inline std::optional<MatchObject> search(const PatternObject& self, const std::string& string, int64_t pos, int64_t endpos) {
  return find(self, string, pos, endpos, Anchor::kSearch);
}

}  // namespace muna::python::re::Pattern
