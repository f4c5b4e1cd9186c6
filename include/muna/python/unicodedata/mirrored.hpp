// unicodedata.mirrored
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline int64_t mirrored(const std::string& chr) {
  char32_t cp = detail::character(chr, "mirrored() argument");
  return unicode::mirrored(cp) ? 1 : 0;
}

}  // namespace muna::python::unicodedata
