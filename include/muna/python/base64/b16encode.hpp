// base64.b16encode(s): upper-case hex.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/bytes/hex.hpp>

namespace muna::python::base64 {

inline Bytes b16encode(ByteView s) {
  std::string out = bytes::hex(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 32);
  return Bytes(std::move(out));
}

}  // namespace muna::python::base64
