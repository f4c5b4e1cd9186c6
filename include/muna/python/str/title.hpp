// str.title, as CPython's do_title: a code point after a cased one is lowercased (with the
// final-sigma rule), any other is titlecased.
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string title(const std::string& self) {
  bool previous_is_cased = false;
  return unicode::map_code_points(
      self, [&](const std::u32string& cps, size_t i, std::u32string& out) {
        if (previous_is_cased)
          unicode::append_lower_in_context(cps, i, out);
        else
          unicode::append_case(cps[i], unicode::CaseMap::kTitle, out);
        previous_is_cased = unicode::iscased(cps[i]);
      });
}

}  // namespace muna::python::str
