// b.isdigit(): true when b is non-empty and every byte is ASCII digit.
#pragma once
#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline bool isdigit(ByteView self) {
  if (self.size() == 0) return false;
  for (unsigned char c : self.view())
    if (!detail::is_digit(c)) return false;
  return true;
}

}  // namespace muna::python::bytes
