// unicodedata.lookup(name): the character named so (a name, an alias, or a named sequence's
// characters), else CPython's KeyError. Pulls in the name tables (about 260 KB of code and
// data per target, docs/language.md).
#pragma once
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/format/str_repr.hpp"
#include "muna/python/unicode/names.hpp"

namespace muna::python::unicodedata {

inline std::string lookup(const std::string& name) {
  // CPython's KeyError holds a message; its str() (what a muna error carries) is the repr.
  if (name.size() > 256) throw KeyError(format::quote_str("name too long", false));
  auto chars = unicode::characters_named(name);
  if (!chars) throw KeyError(format::quote_str("undefined character name '" + name + "'", false));
  return unicode::from_code_points(*chars);
}

}  // namespace muna::python::unicodedata
