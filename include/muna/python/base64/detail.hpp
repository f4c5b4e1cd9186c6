// What the base64 functions share: their input as bytes (a str must be ASCII, as base64's
// _bytes_from_decode_data), and the '+/' <-> altchars translation.
#pragma once
#include <string>
#include <string_view>

#include <muna/core/error.hpp>
#include <muna/python/binascii/error.hpp>
#include <muna/python/binascii/unhexlify.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/bytes/repr.hpp>

namespace muna::python::base64::detail {

inline std::string input(ByteView data) { return std::string(data.view()); }
inline std::string input(const std::string& text) { return std::string(binascii::detail::ascii_data(text)); }

// altchars must be two bytes: CPython asserts so, with the repr of what it got.
inline std::string checked_altchars(const std::string& altchars) {
  if (altchars.size() != 2) throw AssertionError(bytes::detail::quote_bytes(altchars));
  return altchars;
}

// Each byte of `from` in `data` becomes the byte at the same place in `to` (bytes.translate).
inline void translate(std::string& data, std::string_view from, std::string_view to) {
  for (char& c : data)
    for (size_t k = 0; k < from.size(); ++k)
      if (c == from[k]) {
        c = to[k];
        break;
      }
}

}  // namespace muna::python::base64::detail
