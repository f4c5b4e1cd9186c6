// ascii(): repr() with every non-ASCII code point escaped (f-string !a).
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/builtins/repr.hpp"

namespace muna::python::builtins {

inline std::string ascii(const std::string& value) { return format::quote_str(value, true); }
inline std::string ascii(const char* value) { return format::quote_str(value, true); }
inline std::string ascii(double value) { return repr(value); }
inline std::string ascii(int64_t value) { return repr(value); }
inline std::string ascii(bool value) { return repr(value); }

}  // namespace muna::python::builtins
