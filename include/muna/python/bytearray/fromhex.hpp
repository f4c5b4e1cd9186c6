// bytearray.fromhex(string): bytes.fromhex's parse, as a new bytearray.
#pragma once
#include <string>

#include <muna/python/bytes/fromhex.hpp>

namespace muna::python::bytearray {

inline ByteArray fromhex(const std::string& string) { return ByteArray(bytes::detail::from_hex(string)); }

}  // namespace muna::python::bytearray
