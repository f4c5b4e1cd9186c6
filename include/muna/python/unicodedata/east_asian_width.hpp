// unicodedata.east_asian_width
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline std::string east_asian_width(const std::string& chr) {
  char32_t cp = detail::character(chr, "east_asian_width() argument");
  return unicode::east_asian_width(cp);
}

}  // namespace muna::python::unicodedata
