// unicodedata.bidirectional
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline std::string bidirectional(const std::string& chr) {
  char32_t cp = detail::character(chr, "bidirectional() argument");
  return unicode::bidirectional(cp);
}

}  // namespace muna::python::unicodedata
