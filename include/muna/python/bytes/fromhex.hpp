// bytes.fromhex(string) and bytearray.fromhex: pairs of hex digits, ASCII whitespace allowed
// between pairs; anything else is ValueError at its position (CPython's _PyBytes_FromHex: the
// first non-ASCII character, or the digit that is not hex, or the end after an odd digit).
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/bytes/detail/common.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::bytes {
namespace detail {

inline int hex_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

[[noreturn]] inline void bad_hex(int64_t position) {
  throw ValueError("non-hexadecimal number found in fromhex() arg at position " + std::to_string(position));
}

inline std::string from_hex(const std::string& text) {
  // A non-ASCII string fails at its first non-ASCII character, counted in code points.
  for (size_t i = 0; i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) >= 0x80)
      bad_hex(unicode::length(text.substr(0, i)));
  std::string out;
  out.reserve(text.size() / 2);
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    if (is_space(static_cast<unsigned char>(text[i]))) {
      while (i < n && is_space(static_cast<unsigned char>(text[i]))) ++i;
      if (i >= n) break;
    }
    const int top = hex_value(static_cast<unsigned char>(text[i]));
    if (top < 0) bad_hex(static_cast<int64_t>(i));
    ++i;
    const int bottom = i < n ? hex_value(static_cast<unsigned char>(text[i])) : -1;
    if (bottom < 0) bad_hex(static_cast<int64_t>(i));
    ++i;
    out.push_back(static_cast<char>((top << 4) | bottom));
  }
  return out;
}

}  // namespace detail

inline Bytes fromhex(const std::string& string) { return Bytes(detail::from_hex(string)); }

}  // namespace muna::python::bytes
