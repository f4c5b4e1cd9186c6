// `self * n`: repetition; n <= 0 gives "".
#pragma once
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"

namespace muna::python::str {

inline std::string mul(const std::string& self, int64_t n) {
  std::string out;
  if (n <= 0 || self.empty()) return out;
  if (static_cast<uint64_t>(n) > out.max_size() / self.size())
    throw OverflowError("repeated string is too long");
  out.reserve(self.size() * static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) out += self;
  return out;
}

}  // namespace muna::python::str
