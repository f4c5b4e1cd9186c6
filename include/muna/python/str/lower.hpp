// str.lower
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string lower(const std::string& self) {
  return unicode::map_case(self, unicode::CaseMap::kLower);
}

}  // namespace muna::python::str
