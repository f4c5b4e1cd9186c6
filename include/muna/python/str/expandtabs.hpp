// str.expandtabs: columns count code points and restart after '\n' and '\r' only.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline std::string expandtabs(const std::string& self, int64_t tabsize = 8) {
  std::string out;
  int64_t column = 0;
  for (size_t i = 0; i < self.size();) {
    size_t start = i;
    char32_t c = unicode::decode(self, i);
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t spaces = tabsize - column % tabsize;
        out.append(static_cast<size_t>(spaces), ' ');
        column += spaces;
      }
      continue;
    }
    out.append(self, start, i - start);
    column = (c == '\n' || c == '\r') ? 0 : column + 1;
  }
  return out;
}

}  // namespace muna::python::str
