// str.upper
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string upper(const std::string& self) {
  return unicode::map_case(self, unicode::CaseMap::kUpper);
}

}  // namespace muna::python::str
