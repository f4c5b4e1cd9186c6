// str[start:stop:step] over code points; None is std::nullopt.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/python/unicode/indexing.hpp"

namespace muna::python::str {

inline std::string slice(const std::string& self, std::optional<int64_t> start = std::nullopt,
                         std::optional<int64_t> stop = std::nullopt,
                         std::optional<int64_t> step = std::nullopt) {
  const bool ascii = unicode::is_ascii(self);
  const int64_t length = ascii ? static_cast<int64_t>(self.size()) : unicode::length(self);
  unicode::SliceBounds b = unicode::adjust_slice(length, start, stop, step);
  if (b.count == 0) return std::string();
  if (b.step == 1) {
    if (ascii) return self.substr(b.start, b.count);
    size_t from = unicode::offset_of(self, b.start);
    return self.substr(from, unicode::advance(self, from, b.count) - from);
  }
  std::string out;
  if (ascii) {
    for (int64_t k = 0, i = b.start; k < b.count; ++k, i += b.step) out.push_back(self[i]);
    return out;
  }
  std::u32string cps = unicode::to_code_points(self);
  for (int64_t k = 0, i = b.start; k < b.count; ++k, i += b.step) unicode::encode(cps[i], out);
  return out;
}

}  // namespace muna::python::str
