// str.isspace
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool isspace(const std::string& self) {
  return unicode::all_code_points(self, [](char32_t c) { return unicode::isspace(c); });
}

}  // namespace muna::python::str
