// chr(i). Lone surrogates (U+D800..U+DFFF) cannot be UTF-8; they come out as their 3-byte
// encoded form, as Python's "surrogatepass" would write them.
#pragma once
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::builtins {

inline std::string chr(int64_t i) {
  if (i < 0 || i > 0x10FFFF) throw ValueError("chr() arg not in range(0x110000)");
  return unicode::encode(static_cast<char32_t>(i));
}

}  // namespace muna::python::builtins
