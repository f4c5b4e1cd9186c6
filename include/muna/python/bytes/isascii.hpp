// b.isascii(): true when every byte is below 0x80 (true for empty bytes).
#pragma once
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

inline bool isascii(ByteView self) {
  for (unsigned char c : self.view())
    if (c >= 0x80) return false;
  return true;
}

}  // namespace muna::python::bytes
