// str.strip; also the shared implementation of lstrip and rstrip.
#pragma once
#include <optional>
#include <string>

#include "muna/python/unicode/ctype.hpp"

namespace muna::python::str {
namespace detail {

// chars = None strips Python whitespace; otherwise any code point found in `chars`.
inline std::string strip_sides(const std::string& self, const std::optional<std::string>& chars,
                               bool left, bool right) {
  std::u32string set;
  if (chars) set = unicode::to_code_points(*chars);
  auto strippable = [&](char32_t c) {
    return chars ? set.find(c) != std::u32string::npos : unicode::isspace(c);
  };
  size_t begin = 0, end = self.size();
  if (left) {
    while (begin < end) {
      size_t next = begin;
      if (!strippable(unicode::decode(self, next))) break;
      begin = next;
    }
  }
  if (right) {
    while (end > begin) {
      size_t start = end - 1;
      while (start > begin && unicode::is_continuation(static_cast<unsigned char>(self[start])))
        --start;
      size_t probe = start;
      if (!strippable(unicode::decode(self, probe))) break;
      end = start;
    }
  }
  return self.substr(begin, end - begin);
}

}  // namespace detail

inline std::string strip(const std::string& self,
                         const std::optional<std::string>& chars = std::nullopt) {
  return detail::strip_sides(self, chars, true, true);
}

}  // namespace muna::python::str
