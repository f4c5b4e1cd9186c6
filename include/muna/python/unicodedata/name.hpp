// unicodedata.name(chr[, default]): the character's name; without one, the default, else
// CPython's ValueError. Pulls in the name tables (about 260 KB of code and data per target,
// docs/language.md).
#pragma once
#include <optional>
#include <string>

#include "muna/core/error.hpp"
#include "muna/core/none.hpp"
#include "muna/python/unicode/names.hpp"
#include "muna/python/unicodedata/detail/character.hpp"

namespace muna::python::unicodedata {

inline std::string name(const std::string& chr, const std::string& default_value) {
  auto n = unicode::character_name(detail::character(chr, "name() argument 1"));
  return n ? *n : default_value;
}

inline std::optional<std::string> name(const std::string& chr, NoneType) {
  return unicode::character_name(detail::character(chr, "name() argument 1"));
}

inline std::string name(const std::string& chr) {
  auto n = unicode::character_name(detail::character(chr, "name() argument 1"));
  if (!n) throw ValueError("no such name");
  return *n;
}

}  // namespace muna::python::unicodedata
