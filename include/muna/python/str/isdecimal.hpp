// str.isdecimal
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool isdecimal(const std::string& self) {
  return unicode::all_code_points(self, [](char32_t c) { return unicode::isdecimal(c); });
}

}  // namespace muna::python::str
