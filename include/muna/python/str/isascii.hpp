// str.isascii
#pragma once
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline bool isascii(const std::string& self) { return unicode::is_ascii(self); }

}  // namespace muna::python::str
