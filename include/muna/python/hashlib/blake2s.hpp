// hashlib.blake2s(data=b'', *, digest_size=32, key=b'', salt=b'', person=b''): see blake2b.hpp.
#pragma once
#include <cstdint>

#include <muna/python/hashlib/blake2b.hpp>

namespace muna::python::hashlib {

inline Hash blake2s(ByteView data, int64_t digest_size, ByteView key, ByteView salt, ByteView person) {
  return detail::blake2<uint32_t>(data, digest_size, key, salt, person);
}

}  // namespace muna::python::hashlib
