// UTF-8 checks and conversions for the tokenizers. Input text is validated once, up front, and
// everything downstream relies on that; invalid input raises muna::UnicodeError, never UB.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "muna/core/error.hpp"

namespace muna::text {

// Length of the longest valid prefix of the sequence at s[i] (0 < result), and whether it is a
// complete character. This is the "maximal subpart" unit that both Rust's from_utf8_lossy and
// Python's errors="replace" turn into one U+FFFD.
inline size_t utf8_sequence(std::string_view s, size_t i, bool& complete) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b = byte(i);
  complete = true;
  if (b < 0x80) return 1;
  size_t need;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b >= 0xC2 && b <= 0xDF) {
    need = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    need = 3;
    if (b == 0xE0) lo = 0xA0;  // overlong
    if (b == 0xED) hi = 0x9F;  // surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    need = 4;
    if (b == 0xF0) lo = 0x90;  // overlong
    if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    complete = false;
    return 1;
  }
  size_t k = 1;
  for (; k < need; ++k) {
    if (i + k >= s.size()) break;
    unsigned char c = byte(i + k);
    bool ok = k == 1 ? (c >= lo && c <= hi) : (c >= 0x80 && c <= 0xBF);
    if (!ok) break;
  }
  complete = k == need;
  return k;
}

// Raises UnicodeError naming the first bad sequence, with CPython's exact message.
inline void check_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    bool complete;
    size_t n = utf8_sequence(s, i, complete);
    if (!complete) {
      static const char* hex = "0123456789abcdef";
      unsigned char b = static_cast<unsigned char>(s[i]);
      bool bad_start = (b >= 0x80 && b <= 0xC1) || b >= 0xF5;
      std::string msg = "'utf-8' codec can't decode ";
      if (n == 1) {
        msg += "byte 0x";
        msg += hex[b >> 4];
        msg += hex[b & 15];
        msg += " in position " + std::to_string(i);
      } else {
        msg += "bytes in position " + std::to_string(i) + "-" + std::to_string(i + n - 1);
      }
      msg += bad_start ? ": invalid start byte"
                       : i + n == s.size() ? ": unexpected end of data" : ": invalid continuation byte";
      throw muna::UnicodeError(msg);
    }
    i += n;
  }
}

// Decodes the (valid) character at s[i]; len receives its byte length.
inline uint32_t decode_utf8(const char* p, size_t& len) {
  auto b = [&](int k) { return static_cast<uint32_t>(static_cast<unsigned char>(p[k])); };
  uint32_t c = b(0);
  if (c < 0x80) {
    len = 1;
    return c;
  }
  if (c < 0xE0) {
    len = 2;
    return ((c & 0x1F) << 6) | (b(1) & 0x3F);
  }
  if (c < 0xF0) {
    len = 3;
    return ((c & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  }
  len = 4;
  return ((c & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
}

inline size_t utf8_length(unsigned char lead) { return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4; }

inline void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Bytes to text with each invalid maximal subpart replaced by U+FFFD (String::from_utf8_lossy).
inline std::string utf8_lossy(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    bool complete;
    size_t n = utf8_sequence(s, i, complete);
    if (complete) {
      out.append(s.data() + i, n);
    } else {
      out += "\xEF\xBF\xBD";
    }
    i += n;
  }
  return out;
}

inline bool is_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    bool complete;
    i += utf8_sequence(s, i, complete);
    if (!complete) return false;
  }
  return true;
}

}  // namespace muna::text
