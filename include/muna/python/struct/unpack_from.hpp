// struct.unpack_from(format, buffer, offset=0): the format's values at offset (negative counts
// from the end); the buffer may be longer.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

namespace detail {
// Where unpack_from reads: offset (negative counts from the end) checked against the buffer.
inline const uint8_t* unpack_from_start(const Layout& layout, ByteView buffer, int64_t offset) {
  const int64_t n = static_cast<int64_t>(buffer.size());
  if (offset < 0) {  // (CPython 3.11's order of the two checks)
    if (offset + layout.size > 0)
      throw error("not enough data to unpack " + std::to_string(layout.size) + " bytes at offset " + std::to_string(offset));
    if (offset + n < 0) throw error("offset " + std::to_string(offset) + " out of range for " + std::to_string(n) + "-byte buffer");
    offset += n;
  }
  if (n - offset < layout.size)
    throw error("unpack_from requires a buffer of at least " + std::to_string(layout.size + offset) +
                " bytes for unpacking " + std::to_string(layout.size) + " bytes at offset " + std::to_string(offset) +
                " (actual buffer size is " + std::to_string(n) + ")");
  return reinterpret_cast<const uint8_t*>(buffer.data()) + offset;
}
}  // namespace detail

template <class Tuple>
Tuple unpack_from(const std::string& format, ByteView buffer, int64_t offset = 0) {
  const detail::Layout layout = detail::layout(format);
  return detail::unpack_tuple<Tuple>(layout, detail::unpack_from_start(layout, buffer, offset));
}

}  // namespace muna::python::struct_
