// str.swapcase, as CPython's do_swapcase: uppercase letters are lowercased (final-sigma rule
// included), lowercase ones uppercased, titlecase letters and the rest kept.
#pragma once
#include <string>

#include "muna/python/unicode/casing.hpp"

namespace muna::python::str {

inline std::string swapcase(const std::string& self) {
  return unicode::map_code_points(
      self, [](const std::u32string& cps, size_t i, std::u32string& out) {
        if (unicode::isupper(cps[i]))
          unicode::append_lower_in_context(cps, i, out);
        else if (unicode::islower(cps[i]))
          unicode::append_case(cps[i], unicode::CaseMap::kUpper, out);
        else
          out.push_back(cps[i]);
      });
}

}  // namespace muna::python::str
