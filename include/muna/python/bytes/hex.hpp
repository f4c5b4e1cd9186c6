// b.hex(sep=None, bytes_per_sep=1): two lowercase hex digits per byte; with sep (one ASCII
// character, str or bytes) between groups of bytes_per_sep bytes counted from the right, or
// from the left when it is negative (CPython's _Py_strhex_impl).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::bytes {
namespace detail {

inline std::string hex_digits(std::string_view data, std::optional<char> sep, int64_t bytes_per_sep) {
  const char* digits = "0123456789abcdef";
  const size_t n = data.size();
  const uint64_t group = bytes_per_sep < 0 ? 0 - static_cast<uint64_t>(bytes_per_sep) : static_cast<uint64_t>(bytes_per_sep);
  const bool grouped = sep && group != 0;
  std::string out;
  out.reserve(n * 3);
  for (size_t i = 0; i < n; ++i) {
    // A separator before byte i when a group boundary falls there.
    if (grouped && i > 0 && (bytes_per_sep > 0 ? (n - i) % group == 0 : i % group == 0)) out.push_back(*sep);
    const unsigned char c = static_cast<unsigned char>(data[i]);
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

inline char separator(const std::string& sep) {
  if (unicode::length(sep) != 1) throw ValueError("sep must be length 1.");
  if (static_cast<unsigned char>(sep[0]) >= 0x80) throw ValueError("sep must be ASCII.");
  return sep[0];
}
inline char separator(ByteView sep) {
  if (sep.size() != 1) throw ValueError("sep must be length 1.");
  if (sep[0] >= 0x80) throw ValueError("sep must be ASCII.");
  return sep.data()[0];
}

}  // namespace detail

inline std::string hex(ByteView self) { return detail::hex_digits(self.view(), std::nullopt, 1); }
inline std::string hex(ByteView self, const std::string& sep, int64_t bytes_per_sep = 1) {
  return detail::hex_digits(self.view(), detail::separator(sep), bytes_per_sep);
}
inline std::string hex(ByteView self, ByteView sep, int64_t bytes_per_sep = 1) {
  return detail::hex_digits(self.view(), detail::separator(sep), bytes_per_sep);
}

}  // namespace muna::python::bytes
