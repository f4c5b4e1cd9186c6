// str.split, following CPython's stringlib/split.h. Returns std::vector<std::string> until
// muna::python::List exists; split_vec stays as the vector form.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "muna/core/error.hpp"
#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {
namespace detail {

inline int64_t max_splits(int64_t maxsplit) { return maxsplit < 0 ? INT64_MAX : maxsplit; }

inline const std::string& checked_separator(const std::string& sep) {
  if (sep.empty()) throw ValueError("empty separator");
  return sep;
}

inline bool space_at(const std::string& s, size_t i) {
  return unicode::isspace(unicode::decode(s, i));
}

// Byte offset just past the code point at `i`.
inline size_t next_offset(const std::string& s, size_t i) {
  unicode::decode(s, i);
  return i;
}

}  // namespace detail

inline std::vector<std::string> split_vec(const std::string& self,
                                          const std::optional<std::string>& sep = std::nullopt,
                                          int64_t maxsplit = -1) {
  std::vector<std::string> parts;
  int64_t remaining = detail::max_splits(maxsplit);
  const size_t n = self.size();
  if (sep) {
    const std::string& s = detail::checked_separator(*sep);
    size_t i = 0;
    for (; remaining > 0; --remaining) {
      size_t pos = self.find(s, i);
      if (pos == std::string::npos) break;
      parts.push_back(self.substr(i, pos - i));
      i = pos + s.size();
    }
    parts.push_back(self.substr(i));
    return parts;
  }
  size_t i = 0;
  for (; remaining > 0; --remaining) {
    while (i < n && detail::space_at(self, i)) i = detail::next_offset(self, i);
    if (i == n) break;
    size_t j = i;
    i = detail::next_offset(self, i);
    while (i < n && !detail::space_at(self, i)) i = detail::next_offset(self, i);
    parts.push_back(self.substr(j, i - j));
  }
  if (i < n) {
    // maxsplit was reached: the rest, minus leading whitespace, is one last part.
    while (i < n && detail::space_at(self, i)) i = detail::next_offset(self, i);
    if (i != n) parts.push_back(self.substr(i));
  }
  return parts;
}

inline std::vector<std::string> split(const std::string& self,
                                      const std::optional<std::string>& sep = std::nullopt,
                                      int64_t maxsplit = -1) {
  return split_vec(self, sep, maxsplit);
}

}  // namespace muna::python::str
