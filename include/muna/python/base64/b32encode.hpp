// base64.b32encode(s) (and b32hexencode, with the other alphabet): 5 bytes to 8 characters,
// '=' padding, as base64.py's _b32encode.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::base64 {
namespace detail {

inline std::string base32_encode(std::string_view data, const char* alphabet) {
  std::string out;
  const size_t leftover = data.size() % 5;
  std::string padded(data);
  if (leftover) padded.append(5 - leftover, '\0');
  for (size_t i = 0; i < padded.size(); i += 5) {
    uint64_t c = 0;
    for (size_t k = 0; k < 5; ++k) c = (c << 8) | static_cast<unsigned char>(padded[i + k]);
    for (int shift = 35; shift >= 0; shift -= 5) out.push_back(alphabet[(c >> shift) & 31]);
  }
  const size_t pads[5] = {0, 6, 4, 3, 1};
  out.replace(out.size() - pads[leftover], pads[leftover], pads[leftover], '=');
  return out;
}

}  // namespace detail

inline Bytes b32encode(ByteView s) { return Bytes(detail::base32_encode(s.view(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")); }

}  // namespace muna::python::base64
