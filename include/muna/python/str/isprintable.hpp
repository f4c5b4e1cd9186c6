// str.isprintable
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool isprintable(const std::string& self) {
  // Unlike the other predicates, "".isprintable() is True.
  if (self.empty()) return true;
  return unicode::all_code_points(self, [](char32_t c) { return unicode::isprintable(c); });
}

}  // namespace muna::python::str
