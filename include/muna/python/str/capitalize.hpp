// str.capitalize: since Python 3.8 the first code point is titlecased (not uppercased), the
// rest lowercased with the final-sigma rule.
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string capitalize(const std::string& self) {
  return unicode::map_code_points(
      self, [](const std::u32string& cps, size_t i, std::u32string& out) {
        if (i == 0)
          unicode::append_case(cps[i], unicode::CaseMap::kTitle, out);
        else
          unicode::append_lower_in_context(cps, i, out);
      });
}

}  // namespace muna::python::str
