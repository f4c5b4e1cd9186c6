// str.casefold
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string casefold(const std::string& self) {
  return unicode::map_case(self, unicode::CaseMap::kFold);
}

}  // namespace muna::python::str
