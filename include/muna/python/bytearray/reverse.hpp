// ba.reverse(): the bytes in reverse order, in place.
#pragma once
#include <algorithm>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline NoneType reverse(const ByteArray& self) {
  std::reverse(self.str().begin(), self.str().end());
  return None;
}

}  // namespace muna::python::bytearray
