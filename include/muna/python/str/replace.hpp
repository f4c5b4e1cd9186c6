// str.replace(old, new, count=-1). An empty `old` matches before every code point and at the
// end, as in CPython.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline std::string replace(const std::string& self, const std::string& old,
                           const std::string& replacement, int64_t count = -1) {
  if (count < 0) count = INT64_MAX;
  std::string out;
  if (old.empty()) {
    size_t i = 0;
    for (; count > 0; --count) {
      out += replacement;
      if (i == self.size()) return out;
      size_t next = i;
      unicode::decode(self, next);
      out.append(self, i, next - i);
      i = next;
    }
    out.append(self, i, std::string::npos);
    return out;
  }
  size_t i = 0;
  for (; count > 0; --count) {
    size_t pos = self.find(old, i);
    if (pos == std::string::npos) break;
    out.append(self, i, pos - i);
    out += replacement;
    i = pos + old.size();
  }
  out.append(self, i, std::string::npos);
  return out;
}

}  // namespace muna::python::str
