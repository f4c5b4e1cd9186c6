// ba.append(x): one more byte (0..255, else ValueError), in place.
#pragma once
#include <cstdint>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline NoneType append(const ByteArray& self, int64_t x) {
  self.str().push_back(static_cast<char>(checked_byte(x)));
  return None;
}

}  // namespace muna::python::bytearray
