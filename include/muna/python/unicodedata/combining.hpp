// unicodedata.combining
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline int64_t combining(const std::string& chr) {
  char32_t cp = detail::character(chr, "combining() argument");
  return unicode::combining(cp);
}

}  // namespace muna::python::unicodedata
