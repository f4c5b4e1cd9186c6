// ba *= n: ba repeated n times, in place (n <= 0 empties it).
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/bytes/mul.hpp>

namespace muna::python::bytearray {

inline NoneType imul(const ByteArray& self, int64_t n) {
  self.str() = bytes::mul(self, n).str();
  return None;
}

}  // namespace muna::python::bytearray
