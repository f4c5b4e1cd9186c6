// b[i]: the byte at i as an int (negative i counts from the end).
#pragma once
#include <cstdint>
#include <type_traits>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
int64_t getitem(const B& self, int64_t i) {
  const int64_t n = self.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n)
    throw IndexError(std::is_same_v<B, ByteArray> ? "bytearray index out of range" : "index out of range");
  return self.byte(static_cast<size_t>(i));
}

}  // namespace muna::python::bytes
