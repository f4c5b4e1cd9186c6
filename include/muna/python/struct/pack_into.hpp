// struct.pack_into(format, buffer, offset, v1, ...): the values packed into a bytearray at
// offset (negative counts from the end), in place.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

template <class... Values>
NoneType pack_into(const std::string& format, const ByteArray& buffer, int64_t offset, const Values&... values) {
  const detail::Layout layout = detail::layout(format);
  const detail::Value items[sizeof...(Values) + 1] = {detail::value(values)..., detail::value(int64_t{0})};
  if (sizeof...(Values) != static_cast<size_t>(layout.items))
    throw error("pack_into expected " + std::to_string(layout.items) + " items for packing (got " +
                std::to_string(sizeof...(Values)) + ")");
  const int64_t n = buffer.size();
  if (offset < 0) {
    if (offset + n < 0) throw error("offset " + std::to_string(offset) + " out of range for " + std::to_string(n) + "-byte buffer");
    if (offset + layout.size > 0)
      throw error("no space to pack " + std::to_string(layout.size) + " bytes at offset " + std::to_string(offset));
    offset += n;
  }
  if (n - offset < layout.size)
    throw error("pack_into requires a buffer of at least " + std::to_string(layout.size + offset) + " bytes for packing " +
                std::to_string(layout.size) + " bytes at offset " + std::to_string(offset) + " (actual buffer size is " +
                std::to_string(n) + ")");
  std::string packed(static_cast<size_t>(layout.size), '\0');
  detail::pack_into(layout, items, sizeof...(Values), reinterpret_cast<uint8_t*>(packed.data()));
  buffer.str().replace(static_cast<size_t>(offset), packed.size(), packed);
  return None;
}

}  // namespace muna::python::struct_
