// struct.unpack_from(format, buffer, offset=0): the format's values at offset (negative counts
// from the end); the buffer may be longer.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

template <class Tuple>
Tuple unpack_from(const std::string& format, ByteView buffer, int64_t offset = 0) {
  const detail::Layout layout = detail::layout(format);
  const int64_t n = static_cast<int64_t>(buffer.size());
  if (offset < 0) {
    if (offset + n < 0) throw error("offset " + std::to_string(offset) + " out of range for " + std::to_string(n) + "-byte buffer");
    if (offset + layout.size > 0)
      throw error("not enough data to unpack " + std::to_string(layout.size) + " bytes at offset " + std::to_string(offset));
    offset += n;
  }
  if (n - offset < layout.size)
    throw error("unpack_from requires a buffer of at least " + std::to_string(layout.size + offset) +
                " bytes for unpacking " + std::to_string(layout.size) + " bytes at offset " + std::to_string(offset) +
                " (actual buffer size is " + std::to_string(n) + ")");
  return detail::unpack_tuple<Tuple>(layout, reinterpret_cast<const uint8_t*>(buffer.data()) + offset);
}

}  // namespace muna::python::struct_
