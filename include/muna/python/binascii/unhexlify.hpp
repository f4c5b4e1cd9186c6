// binascii.unhexlify(hexstr): pairs of hex digits (no whitespace); binascii.Error for an odd
// length or another character. A str argument must be ASCII (ValueError).
#pragma once
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/binascii/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/bytes/fromhex.hpp>

namespace muna::python::binascii {
namespace detail {

// A str where binascii takes bytes: its ASCII bytes, else CPython's ValueError.
inline std::string_view ascii_data(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) throw ValueError("string argument should contain only ASCII characters");
  return s;
}

inline std::string unhex(std::string_view s) {
  if (s.size() % 2) throw Error("Odd-length string");
  std::string out;
  out.reserve(s.size() / 2);
  for (size_t i = 0; i < s.size(); i += 2) {
    const int top = bytes::detail::hex_value(static_cast<unsigned char>(s[i]));
    const int bottom = bytes::detail::hex_value(static_cast<unsigned char>(s[i + 1]));
    if (top < 0 || bottom < 0) throw Error("Non-hexadecimal digit found");
    out.push_back(static_cast<char>(top << 4 | bottom));
  }
  return out;
}

}  // namespace detail

inline Bytes unhexlify(ByteView hexstr) { return Bytes(detail::unhex(hexstr.view())); }
inline Bytes unhexlify(const std::string& hexstr) { return Bytes(detail::unhex(detail::ascii_data(hexstr))); }

}  // namespace muna::python::binascii
