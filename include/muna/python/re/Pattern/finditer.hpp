// re.Pattern.finditer(string, pos=0, endpos=sys.maxsize): see re.finditer.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/re/detail/scan.hpp"

namespace muna::python::re::Pattern {

inline MatchIterator finditer(const PatternObject& self, const std::string& string, int64_t pos, int64_t endpos) {
  return MatchIterator(self, string, pos, endpos);
}

}  // namespace muna::python::re::Pattern
