// base64.b32decode(s, casefold=False, map01=None) (and b32hexdecode), as base64.py's
// _b32decode: the length must be a multiple of 8 and the padding 0, 1, 3, 4 or 6 '=', else
// binascii.Error("Incorrect padding"); a character outside the alphabet is "Non-base32 digit
// found". map01 maps '0' to 'O' and '1' to the given letter.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/base64/detail.hpp>

namespace muna::python::base64 {
namespace detail {

inline std::string base32_decode(std::string s, const char* alphabet, bool casefold) {
  if (s.size() % 8) throw binascii::Error("Incorrect padding");
  if (casefold)
    for (char& c : s)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  const size_t l = s.size();
  size_t end = l;
  while (end > 0 && s[end - 1] == '=') --end;
  const size_t padchars = l - end;
  int value[256];
  for (int& v : value) v = -1;
  for (int k = 0; k < 32; ++k) value[static_cast<unsigned char>(alphabet[k])] = k;
  std::string decoded;
  uint64_t acc = 0;
  for (size_t i = 0; i < end; i += 8) {
    acc = 0;
    for (size_t k = i; k < i + 8 && k < end; ++k) {
      const int v = value[static_cast<unsigned char>(s[k])];
      if (v < 0) throw binascii::Error("Non-base32 digit found");
      acc = (acc << 5) + static_cast<uint64_t>(v);
    }
    for (int shift = 32; shift >= 0; shift -= 8) decoded.push_back(static_cast<char>((acc >> shift) & 0xFF));
  }
  if (!(padchars == 0 || padchars == 1 || padchars == 3 || padchars == 4 || padchars == 6))
    throw binascii::Error("Incorrect padding");
  if (padchars && !decoded.empty()) {
    acc <<= 5 * padchars;
    const size_t leftover = (43 - 5 * padchars) / 8;
    decoded.resize(decoded.size() - 5);
    for (size_t k = 0; k < leftover; ++k) decoded.push_back(static_cast<char>((acc >> (32 - 8 * k)) & 0xFF));
  }
  return decoded;
}

}  // namespace detail

namespace detail {

// map01 None, given, or an Optional of either.
inline void read_map01(std::string&, NoneType) {}
template <class Map>
void read_map01(std::string& data, const Map& map01) {
  const std::string letter = input(map01);
  if (letter.size() != 1) throw AssertionError(bytes::detail::quote_bytes(letter));
  translate(data, "01", std::string("O") + letter);
}
template <class Map>
void read_map01(std::string& data, const std::optional<Map>& map01) {
  if (map01) read_map01(data, *map01);
}

}  // namespace detail

template <class S, class Map = NoneType>
Bytes b32decode(const S& s, bool casefold = false, const Map& map01 = None) {
  std::string data = detail::input(s);
  detail::read_map01(data, map01);
  return Bytes(detail::base32_decode(std::move(data), "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", casefold));
}

}  // namespace muna::python::base64
