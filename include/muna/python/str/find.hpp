// str.find; also the search shared by rfind, index and rindex. UTF-8 is self-synchronising,
// so a byte match of a valid needle always starts on a code point boundary.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/unicode/indexing.hpp"

namespace muna::python::str {
namespace detail {

inline int64_t find_in(const std::string& self, const std::string& sub,
                       std::optional<int64_t> start, std::optional<int64_t> end, bool reverse) {
  unicode::Span span = unicode::adjust_indices(self, start, end);
  if (span.start > span.end) return -1;
  if (sub.empty()) return reverse ? span.end : span.start;
  if (span.byte_end - span.byte_start < sub.size()) return -1;
  size_t pos = reverse ? self.rfind(sub, span.byte_end - sub.size())
                       : self.find(sub, span.byte_start);
  if (pos == std::string::npos || pos < span.byte_start || pos + sub.size() > span.byte_end)
    return -1;
  return span.start + unicode::code_points_between(self, span.byte_start, pos);
}

}  // namespace detail

inline int64_t find(const std::string& self, const std::string& sub,
                    std::optional<int64_t> start = std::nullopt,
                    std::optional<int64_t> end = std::nullopt) {
  return detail::find_in(self, sub, start, end, false);
}

}  // namespace muna::python::str
