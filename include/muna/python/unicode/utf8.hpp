// UTF-8 <-> code points, for str ops that must count code points as Python does.
// A muna str is a std::string holding valid UTF-8, so text entering through the ABI must
// pass is_valid_utf8; on invalid bytes these functions stay memory-safe but their results
// are unspecified.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace muna::python::unicode {

inline bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// Decodes the code point starting at byte offset `i` and moves `i` past it.
inline char32_t decode(const std::string& s, size_t& i) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  unsigned char b0 = p[i];
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  int extra = b0 >= 0xF0 ? 3 : b0 >= 0xE0 ? 2 : b0 >= 0xC0 ? 1 : 0;
  char32_t cp = extra == 3 ? (b0 & 0x07) : extra == 2 ? (b0 & 0x0F) : (b0 & 0x1F);
  ++i;
  if (extra == 0) return 0xFFFD;
  for (int k = 0; k < extra; ++k) {
    if (i >= n || !is_continuation(p[i])) return 0xFFFD;
    cp = (cp << 6) | (p[i++] & 0x3F);
  }
  return cp;
}

// Decodes the code point that ends at byte offset `i` and moves `i` back to its start.
inline char32_t decode_before(const std::string& s, size_t& i) {
  size_t start = i - 1;
  while (start > 0 && is_continuation(static_cast<unsigned char>(s[start]))) --start;
  i = start;
  return decode(s, start);
}

inline void encode(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

inline std::string encode(char32_t cp) {
  std::string out;
  encode(cp, out);
  return out;
}

// Strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF): the byte offset of
// the first invalid sequence, or -1 when the text is valid.
inline int64_t first_invalid_utf8(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    unsigned char b0 = p[i];
    if (b0 < 0x80) {
      ++i;
      continue;
    }
    int extra;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      extra = 1;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      extra = 2;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      extra = 3;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    } else {
      return static_cast<int64_t>(i);
    }
    if (i + extra >= n || p[i + 1] < lo || p[i + 1] > hi) return static_cast<int64_t>(i);
    for (int k = 2; k <= extra; ++k)
      if (!is_continuation(p[i + k])) return static_cast<int64_t>(i);
    i += extra + 1;
  }
  return -1;
}

inline bool is_valid_utf8(const std::string& s) { return first_invalid_utf8(s) < 0; }

inline bool is_ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

// Number of code points (Python's len).
inline int64_t length(const std::string& s) {
  int64_t n = 0;
  for (unsigned char c : s) n += !is_continuation(c);
  return n;
}

// Byte offset reached by moving `count` code points forward from byte offset `from`
// (stops at the end of the string).
inline size_t advance(const std::string& s, size_t from, int64_t count) {
  size_t i = from;
  const size_t n = s.size();
  for (; count > 0 && i < n; --count) {
    ++i;
    while (i < n && is_continuation(static_cast<unsigned char>(s[i]))) ++i;
  }
  return i;
}

// Byte offset of code point `index`, 0 <= index <= length(s).
inline size_t offset_of(const std::string& s, int64_t index) { return advance(s, 0, index); }

inline std::u32string to_code_points(const std::string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) out.push_back(decode(s, i));
  return out;
}

inline std::string from_code_points(const char32_t* data, size_t count) {
  std::string out;
  out.reserve(count);
  for (size_t k = 0; k < count; ++k) encode(data[k], out);
  return out;
}

inline std::string from_code_points(const std::u32string& cps) {
  return from_code_points(cps.data(), cps.size());
}

}  // namespace muna::python::unicode
