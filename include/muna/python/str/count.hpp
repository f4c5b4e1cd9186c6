// str.count: non-overlapping occurrences; the empty string occurs between every code point.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/unicode/indexing.hpp"

namespace muna::python::str {

inline int64_t count(const std::string& self, const std::string& sub,
                     std::optional<int64_t> start = std::nullopt,
                     std::optional<int64_t> end = std::nullopt) {
  unicode::Span span = unicode::adjust_indices(self, start, end);
  if (span.start > span.end) return 0;
  if (sub.empty()) return span.end - span.start + 1;
  int64_t n = 0;
  for (size_t pos = self.find(sub, span.byte_start);
       pos != std::string::npos && pos + sub.size() <= span.byte_end;
       pos = self.find(sub, pos + sub.size()))
    ++n;
  return n;
}

}  // namespace muna::python::str
