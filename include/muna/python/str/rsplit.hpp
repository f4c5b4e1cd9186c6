// str.rsplit, following CPython's stringlib/split.h: splits from the right, so maxsplit keeps
// the leftmost part whole.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "muna/python/str/split.hpp"

namespace muna::python::str {

inline std::vector<std::string> rsplit_vec(const std::string& self,
                                           const std::optional<std::string>& sep = std::nullopt,
                                           int64_t maxsplit = -1) {
  std::vector<std::string> parts;
  int64_t remaining = detail::max_splits(maxsplit);
  if (sep) {
    const std::string& s = detail::checked_separator(*sep);
    size_t j = self.size();
    for (; remaining > 0; --remaining) {
      if (j < s.size()) break;
      size_t pos = self.rfind(s, j - s.size());
      if (pos == std::string::npos) break;
      parts.push_back(self.substr(pos + s.size(), j - pos - s.size()));
      j = pos;
    }
    parts.push_back(self.substr(0, j));
  } else {
    // i is the byte offset just past the code point under consideration.
    size_t i = self.size();
    auto space_before = [&](size_t at) {
      return unicode::isspace(unicode::decode_before(self, at));
    };
    auto step_back = [&](size_t at) {
      unicode::decode_before(self, at);
      return at;
    };
    for (; remaining > 0; --remaining) {
      while (i > 0 && space_before(i)) i = step_back(i);
      if (i == 0) break;
      size_t j = i;
      i = step_back(i);
      while (i > 0 && !space_before(i)) i = step_back(i);
      parts.push_back(self.substr(i, j - i));
    }
    if (i > 0) {
      while (i > 0 && space_before(i)) i = step_back(i);
      if (i > 0) parts.push_back(self.substr(0, i));
    }
  }
  std::reverse(parts.begin(), parts.end());
  return parts;
}

inline std::vector<std::string> rsplit(const std::string& self,
                                       const std::optional<std::string>& sep = std::nullopt,
                                       int64_t maxsplit = -1) {
  return rsplit_vec(self, sep, maxsplit);
}

}  // namespace muna::python::str
