// b.isalnum(): true when b is non-empty and every byte is ASCII alnum.
#pragma once
#include <muna/python/bytes/detail/common.hpp>

namespace muna::python::bytes {

inline bool isalnum(ByteView self) {
  if (self.size() == 0) return false;
  for (unsigned char c : self.view())
    if (!detail::is_alnum(c)) return false;
  return true;
}

}  // namespace muna::python::bytes
