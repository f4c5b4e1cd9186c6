// What the bytes and bytearray methods share: CPython's ASCII character classes (Py_ISSPACE
// and friends, Python/pyctype.c: bytes methods never look past ASCII), the start/end clamping
// of find/count/startswith (ADJUST_INDICES, shared with str) and the search those build on.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <muna/python/bytes.hpp>
#include <muna/python/unicode/indexing.hpp>

namespace muna::python::bytes::detail {

inline bool is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\x0b' || c == '\x0c';
}
inline bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
inline bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_alpha(unsigned char c) { return is_lower(c) || is_upper(c); }
inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
inline bool is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
inline char to_lower(unsigned char c) { return static_cast<char>(is_upper(c) ? c + 32 : c); }
inline char to_upper(unsigned char c) { return static_cast<char>(is_lower(c) ? c - 32 : c); }

// [start, end) in bytes after Python's clamping; start may exceed end (then nothing matches).
using unicode::Bounds;
inline Bounds adjust_indices(int64_t len, std::optional<int64_t> start, std::optional<int64_t> end) {
  return unicode::adjust_bounds(len, start, end);
}

// The byte offset of `sub` in self[start:end] (the first, or the last when `reverse`), -1 if
// absent. An empty `sub` is found at start (or end), but not when start > len, as CPython.
inline int64_t find_in(std::string_view self, std::string_view sub, std::optional<int64_t> start,
                       std::optional<int64_t> end, bool reverse) {
  Bounds r = adjust_indices(static_cast<int64_t>(self.size()), start, end);
  if (r.start > r.end) return -1;
  const size_t n = sub.size();
  if (static_cast<size_t>(r.end - r.start) < n) return -1;
  std::string_view window = self.substr(static_cast<size_t>(r.start), static_cast<size_t>(r.end - r.start));
  size_t pos = reverse ? window.rfind(sub) : window.find(sub);
  return pos == std::string_view::npos ? -1 : r.start + static_cast<int64_t>(pos);
}

// Non-overlapping occurrences of `sub` in self[start:end]; an empty `sub` counts the gaps.
inline int64_t count_in(std::string_view self, std::string_view sub, std::optional<int64_t> start,
                        std::optional<int64_t> end) {
  Bounds r = adjust_indices(static_cast<int64_t>(self.size()), start, end);
  if (r.start > r.end) return 0;
  if (sub.empty()) return r.end - r.start + 1;
  std::string_view window = self.substr(static_cast<size_t>(r.start), static_cast<size_t>(r.end - r.start));
  int64_t count = 0;
  for (size_t at = window.find(sub); at != std::string_view::npos; at = window.find(sub, at + sub.size()))
    ++count;
  return count;
}

// A search for an int (b.find(0x41)): the one-byte needle, or CPython's ValueError.
inline std::string byte_needle(int64_t value) {
  return std::string(1, static_cast<char>(checked_byte(value)));
}

}  // namespace muna::python::bytes::detail
