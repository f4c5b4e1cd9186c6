// str[i]: one code point, negative indices from the end.
#pragma once
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline std::string getitem(const std::string& self, int64_t i) {
  if (i < 0) i += unicode::length(self);
  if (i >= 0) {
    size_t at = unicode::offset_of(self, i);
    if (at < self.size()) {
      size_t end = at;
      unicode::decode(self, end);
      return self.substr(at, end - at);
    }
  }
  throw IndexError("string index out of range");
}

}  // namespace muna::python::str
