// unicodedata.category
#pragma once
#include <string>

#include "muna/python/unicode/ctype.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline std::string category(const std::string& chr) {
  char32_t cp = detail::character(chr, "category() argument");
  return unicode::tables::kCategoryNames[unicode::category(cp)];
}

}  // namespace muna::python::unicodedata
