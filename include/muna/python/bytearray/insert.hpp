// ba.insert(i, x): x (0..255) before index i, clamped into the bytearray as list.insert does.
#pragma once
#include <cstdint>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline NoneType insert(const ByteArray& self, int64_t i, int64_t x) {
  const char c = static_cast<char>(checked_byte(x));
  const int64_t n = self.size();
  if (i < 0) i = i + n < 0 ? 0 : i + n;
  if (i > n) i = n;
  self.str().insert(static_cast<size_t>(i), 1, c);
  return None;
}

}  // namespace muna::python::bytearray
