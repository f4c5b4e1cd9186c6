// str.isupper, as CPython's unicode_isupper_impl: no lowercase or titlecase letter, and at
// least one uppercase one.
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool isupper(const std::string& self) {
  bool cased = false;
  for (size_t i = 0; i < self.size();) {
    char32_t c = unicode::decode(self, i);
    if (unicode::islower(c) || unicode::istitle(c)) return false;
    cased = cased || unicode::isupper(c);
  }
  return cased;
}

}  // namespace muna::python::str
