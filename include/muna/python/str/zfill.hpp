// str.zfill: pads with '0' after a leading sign.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline std::string zfill(const std::string& self, int64_t width) {
  int64_t fill = width - unicode::length(self);
  if (fill <= 0) return self;
  std::string out(static_cast<size_t>(fill), '0');
  if (!self.empty() && (self[0] == '+' || self[0] == '-')) {
    return self.substr(0, 1) + out + self.substr(1);
  }
  return out + self;
}

}  // namespace muna::python::str
