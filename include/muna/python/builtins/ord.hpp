// ord(c)
#pragma once
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::builtins {

inline int64_t ord(const std::string& c) {
  int64_t n = unicode::length(c);
  if (n != 1)
    throw TypeError("ord() expected a character, but string of length " + std::to_string(n) +
                    " found");
  size_t i = 0;
  return unicode::decode(c, i);
}

}  // namespace muna::python::builtins
