// binascii.b2a_base64(data, newline=True): standard base64 with '=' padding.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::binascii {
namespace detail {

inline std::string base64_encode(std::string_view data, bool newline) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((data.size() + 2) / 3 * 4 + 1);
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  size_t i = 0;
  for (; i + 3 <= data.size(); i += 3) {
    const uint32_t v = uint32_t(p[i]) << 16 | uint32_t(p[i + 1]) << 8 | p[i + 2];
    out.push_back(table[v >> 18]);
    out.push_back(table[(v >> 12) & 63]);
    out.push_back(table[(v >> 6) & 63]);
    out.push_back(table[v & 63]);
  }
  if (data.size() - i == 1) {
    out.push_back(table[p[i] >> 2]);
    out.push_back(table[(p[i] & 3) << 4]);
    out += "==";
  } else if (data.size() - i == 2) {
    out.push_back(table[p[i] >> 2]);
    out.push_back(table[((p[i] & 3) << 4) | (p[i + 1] >> 4)]);
    out.push_back(table[(p[i + 1] & 15) << 2]);
    out.push_back('=');
  }
  if (newline) out.push_back('\n');
  return out;
}

}  // namespace detail

inline Bytes b2a_base64(ByteView data, bool newline = true) { return Bytes(detail::base64_encode(data.view(), newline)); }

}  // namespace muna::python::binascii
