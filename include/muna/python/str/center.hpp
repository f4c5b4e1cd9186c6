// str.center; also the padding shared by ljust and rjust.
#pragma once
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {
namespace detail {

inline std::string repeat_fill(const std::string& fill, int64_t times) {
  std::string out;
  if (times <= 0) return out;
  out.reserve(fill.size() * static_cast<size_t>(times));
  for (int64_t k = 0; k < times; ++k) out += fill;
  return out;
}

// Pads to `width` code points; `left_share` picks how many fill characters go on the left
// given the total margin.
template <class LeftShare>
std::string pad(const std::string& self, int64_t width, const std::string& fillchar,
                LeftShare left_share) {
  if (unicode::length(fillchar) != 1)
    throw TypeError("The fill character must be exactly one character long");
  int64_t margin = width - unicode::length(self);
  if (margin <= 0) return self;
  int64_t left = left_share(margin);
  return repeat_fill(fillchar, left) + self + repeat_fill(fillchar, margin - left);
}

}  // namespace detail

inline std::string center(const std::string& self, int64_t width,
                          const std::string& fillchar = " ") {
  // CPython puts the odd character on the left only when width is odd too.
  return detail::pad(self, width, fillchar,
                     [width](int64_t margin) { return margin / 2 + (margin & width & 1); });
}

}  // namespace muna::python::str
