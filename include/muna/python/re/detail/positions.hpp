// Python indexes str by code point, the engine by UTF-8 byte: the conversions between the two
// that matching needs, each in time proportional to the distance moved, never to the string.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::re {

// A byte offset with its code point index: conversions count from the nearest one they hold.
class Cursor {
 public:
  explicit Cursor(const std::string& s) : s_(s) {}

  int64_t byte() const { return byte_; }
  int64_t point() const { return point_; }

  // Code point index of byte offset `b` (a character boundary); does not move the cursor.
  int64_t point_of(int64_t b) const {
    int64_t n = point_;
    if (b >= byte_) {
      for (int64_t i = byte_; i < b; ++i) n += !unicode::is_continuation(static_cast<unsigned char>(s_[i]));
    } else {
      for (int64_t i = b; i < byte_; ++i) n -= !unicode::is_continuation(static_cast<unsigned char>(s_[i]));
    }
    return n;
  }

  // Moves the cursor to byte offset `b`.
  void move_to(int64_t b) {
    point_ = point_of(b);
    byte_ = b;
  }

  // Moves the cursor `count` code points forward (stopping at the end of the string).
  void advance(int64_t count) {
    size_t i = static_cast<size_t>(byte_);
    const size_t n = s_.size();
    for (; count > 0 && i < n; --count) {
      ++i;
      while (i < n && unicode::is_continuation(static_cast<unsigned char>(s_[i]))) ++i;
      ++point_;
    }
    byte_ = static_cast<int64_t>(i);
  }

 private:
  const std::string& s_;
  int64_t byte_ = 0, point_ = 0;
};

// pos / endpos of Pattern.search and friends, clamped to the string as sre's state_init does,
// as byte offsets. endpos_point is -1 when endpos reaches the end (its value, len(string), is
// counted only if a Match is asked for it).
struct Bounds {
  int64_t pos_byte, end_byte;
  int64_t pos_point, endpos_point;
};

inline Bounds bounds_of(const std::string& s, int64_t pos, int64_t endpos) {
  Cursor c(s);
  if (pos > 0) c.advance(pos);
  Bounds b{c.byte(), static_cast<int64_t>(s.size()), c.point(), -1};
  if (endpos < 0) endpos = 0;
  if (endpos < b.pos_point) {
    Cursor e(s);
    e.advance(endpos);
    b.end_byte = e.byte();
    b.endpos_point = e.point();
  } else {
    c.advance(endpos - b.pos_point);
    b.end_byte = c.byte();
    if (c.byte() < static_cast<int64_t>(s.size()) || c.point() == endpos) b.endpos_point = c.point();
  }
  return b;
}

}  // namespace muna::python::re
