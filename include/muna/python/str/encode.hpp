// str.encode(encoding, errors): utf-8, ascii or latin-1 (the compiler resolves the encoding
// name), with CPython's error handlers (muna/python/codecs/codecs.hpp). A muna str is UTF-8
// and can hold lone surrogates only as chr() makes them; those are what utf-8 cannot encode.
// Positions in error messages count code points, and a run of unencodable characters is one
// error, as in CPython's encoders.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/codecs/codecs.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::str {
namespace detail {

inline bool is_surrogate(char32_t c) { return c >= 0xD800 && c <= 0xDFFF; }

inline bool encodable(codecs::Codec codec, char32_t c) {
  switch (codec) {
    case codecs::Codec::utf_8: return !is_surrogate(c);
    case codecs::Codec::ascii: return c < 0x80;
    case codecs::Codec::latin_1: return c < 0x100;
  }
  return false;
}

inline void put(codecs::Codec codec, char32_t c, std::string& out) {
  if (codec == codecs::Codec::utf_8) unicode::encode(c, out);  // a surrogate as its 3 bytes
  else out.push_back(static_cast<char>(c));
}

}  // namespace detail

inline Bytes encode(const std::string& self, codecs::Codec codec, const std::string& errors) {
  using codecs::Handler;
  if (codec == codecs::Codec::utf_8 && unicode::is_valid_utf8(self)) return Bytes(self);
  const char* reason = codec == codecs::Codec::utf_8 ? "surrogates not allowed"
                       : codec == codecs::Codec::ascii ? "ordinal not in range(128)"
                                                       : "ordinal not in range(256)";
  const std::u32string cps = unicode::to_code_points(self);
  const int64_t n = static_cast<int64_t>(cps.size());
  std::string out;
  out.reserve(self.size());
  bool looked_up = false;
  Handler h = Handler::strict;
  for (int64_t i = 0; i < n;) {
    if (detail::encodable(codec, cps[i])) {
      detail::put(codec, cps[i++], out);
      continue;
    }
    int64_t end = i + 1;
    while (end < n && !detail::encodable(codec, cps[end])) ++end;
    if (!looked_up) {
      h = codecs::handler(errors);
      looked_up = true;
    }
    switch (h) {
      case Handler::strict:
        codecs::raise_encode_error(codec, cps[i], i, end, reason);
      case Handler::ignore:
        break;
      case Handler::replace:
        out.append(static_cast<size_t>(end - i), '?');
        break;
      case Handler::backslashreplace:
        for (int64_t k = i; k < end; ++k) out += codecs::escaped_char(cps[k]);
        break;
      case Handler::xmlcharrefreplace:
        for (int64_t k = i; k < end; ++k) out += "&#" + std::to_string(static_cast<uint32_t>(cps[k])) + ";";
        break;
      case Handler::surrogateescape:
        // U+DC80..U+DCFF are the bytes 0x80..0xFF; the first other character fails the rest.
        for (int64_t k = i; k < end; ++k) {
          if (cps[k] < 0xDC80 || cps[k] > 0xDCFF) codecs::raise_encode_error(codec, cps[k], k, end, reason);
          out.push_back(static_cast<char>(cps[k] - 0xDC00));
        }
        break;
      case Handler::surrogatepass:
        // Only utf-8 writes surrogates through; a run there is all surrogates.
        if (codec != codecs::Codec::utf_8) codecs::raise_encode_error(codec, cps[i], i, end, reason);
        for (int64_t k = i; k < end; ++k) unicode::encode(cps[k], out);
        break;
    }
    i = end;
  }
  return Bytes(std::move(out));
}

}  // namespace muna::python::str
