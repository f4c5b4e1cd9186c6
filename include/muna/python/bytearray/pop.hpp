// ba.pop(i=-1): removes and returns the byte at i.
#pragma once
#include <cstdint>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline int64_t pop(const ByteArray& self, int64_t i = -1) {
  const int64_t n = self.size();
  if (n == 0) throw IndexError("pop from empty bytearray");
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw IndexError("pop index out of range");
  const int64_t value = self.byte(static_cast<size_t>(i));
  self.str().erase(static_cast<size_t>(i), 1);
  return value;
}

}  // namespace muna::python::bytearray
