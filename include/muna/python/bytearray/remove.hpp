// ba.remove(x): removes the first byte equal to x (0..255), ValueError when there is none.
#pragma once
#include <cstdint>

#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline NoneType remove(const ByteArray& self, int64_t x) {
  const size_t at = self.str().find(static_cast<char>(checked_byte(x)));
  if (at == std::string::npos) throw ValueError("value not found in bytearray");
  self.str().erase(at, 1);
  return None;
}

}  // namespace muna::python::bytearray
