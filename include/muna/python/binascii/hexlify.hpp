// binascii.hexlify(data, sep=None, bytes_per_sep=1): bytes.hex() as bytes.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/bytes/hex.hpp>

namespace muna::python::binascii {

inline Bytes hexlify(ByteView data) { return Bytes(bytes::hex(data)); }
template <class Sep>
Bytes hexlify(ByteView data, const Sep& sep, int64_t bytes_per_sep = 1) {
  return Bytes(bytes::hex(data, sep, bytes_per_sep));
}

}  // namespace muna::python::binascii
