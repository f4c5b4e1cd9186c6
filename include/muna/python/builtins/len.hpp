// len() of a str (code points) or of any container with size().
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/unicode/utf8.hpp"

namespace muna::python::builtins {

inline int64_t len(const std::string& s) { return unicode::length(s); }
inline int64_t len(const char* s) { return unicode::length(s); }

template <class Container>
int64_t len(const Container& c) {
  return static_cast<int64_t>(c.size());
}

}  // namespace muna::python::builtins
