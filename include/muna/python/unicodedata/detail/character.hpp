// The one-character argument of unicodedata's per-character functions.
#pragma once
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicodedata::detail {

// The code point of a str of length 1; any other length is CPython's TypeError. `function`
// is spelled as CPython's message has it ("category() argument", "numeric() argument 1").
inline char32_t character(const std::string& chr, const char* function) {
  size_t i = 0;
  char32_t cp = chr.empty() ? 0 : unicode::decode(chr, i);
  if (chr.empty() || i != chr.size())
    throw TypeError(std::string(function) + " must be a unicode character, not str");
  return cp;
}

}  // namespace muna::python::unicodedata::detail
