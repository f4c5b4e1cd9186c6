// str.istitle, as CPython's unicode_istitle_impl: uppercase/titlecase letters only start
// cased runs, lowercase letters only continue them.
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline bool istitle(const std::string& self) {
  bool cased = false;
  bool previous_is_cased = false;
  for (size_t i = 0; i < self.size();) {
    char32_t c = unicode::decode(self, i);
    if (unicode::isupper(c) || unicode::istitle(c)) {
      if (previous_is_cased) return false;
      previous_is_cased = cased = true;
    } else if (unicode::islower(c)) {
      if (!previous_is_cased) return false;
      previous_is_cased = cased = true;
    } else {
      previous_is_cased = false;
    }
  }
  return cased;
}

}  // namespace muna::python::str
