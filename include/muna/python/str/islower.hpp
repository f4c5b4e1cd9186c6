// str.islower, as CPython's unicode_islower_impl: no uppercase or titlecase letter, and at
// least one lowercase one.
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool islower(const std::string& self) {
  bool cased = false;
  for (size_t i = 0; i < self.size();) {
    char32_t c = unicode::decode(self, i);
    if (unicode::isupper(c) || unicode::istitle(c)) return false;
    cased = cased || unicode::islower(c);
  }
  return cased;
}

}  // namespace muna::python::str
