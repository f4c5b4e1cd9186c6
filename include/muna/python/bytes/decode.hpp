// b.decode(encoding, errors): utf-8, ascii or latin-1 (the compiler resolves the encoding name)
// with CPython's error handlers (muna/python/codecs/codecs.hpp). The UTF-8 decoder classifies
// errors exactly as CPython's (Objects/stringlib/codecs.h): "invalid start byte" (one byte),
// "invalid continuation byte" (the bytes before the bad one), "unexpected end of data" (a
// truncated sequence at the end), so 'replace' writes one U+FFFD per such range.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/bytes.hpp>
#include <muna/python/codecs/codecs.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::python::bytes {
namespace detail {

struct Utf8Step {
  int length;          // bytes of a valid sequence, or 0 at an error
  int64_t error_end;   // at an error: the end of the bad range
  const char* reason;
};

inline bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The sequence starting at p[i] of n bytes.
inline Utf8Step utf8_step(const unsigned char* p, int64_t i, int64_t n) {
  const unsigned char c = p[i];
  const int64_t left = n - i;
  auto invalid_start = [&] { return Utf8Step{0, i + 1, "invalid start byte"}; };
  auto invalid_continuation = [&](int valid) { return Utf8Step{0, i + valid, "invalid continuation byte"}; };
  auto end_of_data = [&] { return Utf8Step{0, n, "unexpected end of data"}; };
  if (c < 0x80) return {1, 0, nullptr};
  if (c < 0xC2) return invalid_start();
  if (c < 0xE0) {
    if (left < 2) return end_of_data();
    if (!continuation(p[i + 1])) return invalid_continuation(1);
    return {2, 0, nullptr};
  }
  if (c < 0xF0) {
    // E0 needs A0..BF next (no overlong form); ED needs 80..9F (no surrogates).
    auto bad_second = [&](unsigned char c2) {
      return !continuation(c2) || (c == 0xE0 && c2 < 0xA0) || (c == 0xED && c2 >= 0xA0);
    };
    if (left < 3) {
      if (left >= 2 && bad_second(p[i + 1])) return invalid_continuation(1);
      return end_of_data();
    }
    if (bad_second(p[i + 1])) return invalid_continuation(1);
    if (!continuation(p[i + 2])) return invalid_continuation(2);
    return {3, 0, nullptr};
  }
  if (c < 0xF5) {
    // F0 needs 90..BF next (no overlong form); F4 needs 80..8F (nothing above U+10FFFF).
    auto bad_second = [&](unsigned char c2) {
      return !continuation(c2) || (c == 0xF0 && c2 < 0x90) || (c == 0xF4 && c2 >= 0x90);
    };
    if (left < 4) {
      if (left >= 2 && bad_second(p[i + 1])) return invalid_continuation(1);
      if (left >= 3 && !continuation(p[i + 2])) return invalid_continuation(2);
      return end_of_data();
    }
    if (bad_second(p[i + 1])) return invalid_continuation(1);
    if (!continuation(p[i + 2])) return invalid_continuation(2);
    if (!continuation(p[i + 3])) return invalid_continuation(3);
    return {4, 0, nullptr};
  }
  return invalid_start();
}

// A lone surrogate (surrogateescape, surrogatepass) is held as its 3-byte form, as chr() does.
inline void put_code_point(char32_t c, std::string& out) { unicode::encode(c, out); }

}  // namespace detail

inline std::string decode(ByteView self, codecs::Codec codec, const std::string& errors) {
  using codecs::Handler;
  const std::string_view data = self.view();
  if (codec == codecs::Codec::utf_8 && unicode::is_valid_utf8(std::string(data))) return std::string(data);
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  const int64_t n = static_cast<int64_t>(data.size());
  std::string out;
  out.reserve(data.size());
  bool looked_up = false;
  Handler h = Handler::strict;
  for (int64_t i = 0; i < n;) {
    int64_t end;
    const char* reason;
    if (codec == codecs::Codec::latin_1 || p[i] < 0x80) {
      detail::put_code_point(p[i++], out);
      continue;
    }
    if (codec == codecs::Codec::utf_8) {
      const detail::Utf8Step step = detail::utf8_step(p, i, n);
      if (step.length) {
        out.append(data.substr(static_cast<size_t>(i), static_cast<size_t>(step.length)));
        i += step.length;
        continue;
      }
      end = step.error_end;
      reason = step.reason;
    } else {
      end = i + 1;
      reason = "ordinal not in range(128)";
    }
    if (!looked_up) {
      h = codecs::handler(errors);
      looked_up = true;
    }
    switch (h) {
      case Handler::strict:
        codecs::raise_decode_error(codec, p[i], i, end, reason);
      case Handler::ignore:
        break;
      case Handler::replace:
        detail::put_code_point(0xFFFD, out);
        break;
      case Handler::backslashreplace:
        for (int64_t k = i; k < end; ++k) {
          out += "\\x";
          codecs::append_hex(out, p[k], 2);
        }
        break;
      case Handler::xmlcharrefreplace:
        throw TypeError("don't know how to handle UnicodeDecodeError in error callback");
      case Handler::surrogateescape:
        for (int64_t k = i; k < end; ++k) detail::put_code_point(0xDC00 + p[k], out);
        break;
      case Handler::surrogatepass:
        // One encoded surrogate (ED A0..BF 80..BF) passes through; anything else still fails.
        if (codec == codecs::Codec::utf_8 && n - i >= 3 && (p[i] & 0xF0) == 0xE0 && detail::continuation(p[i + 1]) &&
            detail::continuation(p[i + 2])) {
          const char32_t c = ((p[i] & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F);
          if (c >= 0xD800 && c <= 0xDFFF) {
            detail::put_code_point(c, out);
            i += 3;
            continue;
          }
        }
        codecs::raise_decode_error(codec, p[i], i, end, reason);
    }
    i = end;
  }
  return out;
}

}  // namespace muna::python::bytes
