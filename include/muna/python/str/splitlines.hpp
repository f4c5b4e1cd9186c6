// str.splitlines: breaks at every Python line boundary (\n, \r, \r\n, \v, \f, \x1c-\x1e,
// \x85, U+2028, U+2029), as CPython's stringlib splitlines.
#pragma once
#include <string>
#include <vector>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {

inline std::vector<std::string> splitlines_vec(const std::string& self, bool keepends = false) {
  std::vector<std::string> lines;
  const size_t n = self.size();
  size_t i = 0, j = 0;
  while (i < n) {
    size_t line_end = i;
    while (i < n) {
      size_t next = i;
      if (unicode::islinebreak(unicode::decode(self, next))) break;
      i = next;
    }
    line_end = i;
    if (i < n) {
      if (self[i] == '\r' && i + 1 < n && self[i + 1] == '\n')
        i += 2;
      else
        unicode::decode(self, i);
      if (keepends) line_end = i;
    }
    lines.push_back(self.substr(j, line_end - j));
    j = i;
  }
  return lines;
}

inline std::vector<std::string> splitlines(const std::string& self, bool keepends = false) {
  return splitlines_vec(self, keepends);
}

}  // namespace muna::python::str
