// binascii.a2b_base64(data, strict_mode=False), as CPython 3.11's: outside strict mode bytes
// outside the alphabet are skipped and decoding stops at the padding that ends a quad; strict
// mode raises binascii.Error for each of those (leading or discontinuous padding, data after
// the padding, a byte outside the alphabet). 3.11 ignores padding after a whole quad.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/binascii/error.hpp>
#include <muna/python/binascii/unhexlify.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::binascii {
namespace detail {

inline int base64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

inline std::string base64_decode(std::string_view data, bool strict) {
  std::string out;
  out.reserve((data.size() + 3) / 4 * 3);
  if (strict && !data.empty() && data[0] == '=') throw Error("Leading padding not allowed");
  int quad_pos = 0, pads = 0;
  bool padding_started = false;
  unsigned leftchar = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(data[i]);
    if (c == '=') {
      padding_started = true;
      if (quad_pos >= 2 && quad_pos + ++pads >= 4) {
        // The padding ends the quad, and the input.
        if (strict && i + 1 < data.size()) throw Error("Excess data after padding");
        return out;
      }
      continue;
    }
    const int v = base64_value(c);
    if (v < 0) {
      if (strict) throw Error("Only base64 data is allowed");
      continue;
    }
    if (strict && padding_started) throw Error("Discontinuous padding not allowed");
    pads = 0;
    switch (quad_pos) {
      case 0:
        quad_pos = 1;
        leftchar = v;
        break;
      case 1:
        quad_pos = 2;
        out.push_back(static_cast<char>((leftchar << 2) | (v >> 4)));
        leftchar = v & 0x0f;
        break;
      case 2:
        quad_pos = 3;
        out.push_back(static_cast<char>((leftchar << 4) | (v >> 2)));
        leftchar = v & 0x03;
        break;
      default:
        quad_pos = 0;
        out.push_back(static_cast<char>((leftchar << 6) | v));
        leftchar = 0;
        break;
    }
  }
  if (quad_pos == 1)
    throw Error("Invalid base64-encoded string: number of data characters (" +
                std::to_string(out.size() / 3 * 4 + 1) + ") cannot be 1 more than a multiple of 4");
  if (quad_pos != 0) throw Error("Incorrect padding");
  return out;
}

}  // namespace detail

inline Bytes a2b_base64(ByteView data, bool strict_mode = false) {
  return Bytes(detail::base64_decode(data.view(), strict_mode));
}
inline Bytes a2b_base64(const std::string& data, bool strict_mode = false) {
  return Bytes(detail::base64_decode(detail::ascii_data(data), strict_mode));
}

}  // namespace muna::python::binascii
