// b.isspace(): true when b is non-empty and every byte is ASCII space.
#pragma once
#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline bool isspace(ByteView self) {
  if (self.size() == 0) return false;
  for (unsigned char c : self.view())
    if (!detail::is_space(c)) return false;
  return true;
}

}  // namespace muna::python::bytes
