// struct.unpack(format, buffer): a tuple of the format's values (its type decided at compile
// time); the buffer must be exactly the format's size.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

template <class Tuple>
Tuple unpack(const std::string& format, ByteView buffer) {
  const detail::Layout layout = detail::layout(format);
  if (static_cast<int64_t>(buffer.size()) != layout.size)
    throw error("unpack requires a buffer of " + std::to_string(layout.size) + " bytes");
  return detail::unpack_tuple<Tuple>(layout, reinterpret_cast<const uint8_t*>(buffer.data()));
}

}  // namespace muna::python::struct_
