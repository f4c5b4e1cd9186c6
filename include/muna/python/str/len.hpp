// len(str): code points, not bytes.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::str {

inline int64_t len(const std::string& self) { return unicode::length(self); }

}  // namespace muna::python::str
