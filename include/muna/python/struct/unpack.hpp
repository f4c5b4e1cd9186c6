// struct.unpack(format, buffer): a tuple of the format's values (its type decided at compile
// time); the buffer must be exactly the format's size.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/struct/detail/codec.hpp>

namespace muna::python::struct_ {

namespace detail {
// What unpack reads: the whole buffer, which must be exactly the format's size.
inline const uint8_t* unpack_start(const Layout& layout, ByteView buffer) {
  if (static_cast<int64_t>(buffer.size()) != layout.size)
    throw error("unpack requires a buffer of " + std::to_string(layout.size) + " bytes");
  return reinterpret_cast<const uint8_t*>(buffer.data());
}
}  // namespace detail

template <class Tuple>
Tuple unpack(const std::string& format, ByteView buffer) {
  const detail::Layout layout = detail::layout(format);
  return detail::unpack_tuple<Tuple>(layout, detail::unpack_start(layout, buffer));
}

}  // namespace muna::python::struct_
