// repr() of the scalar types.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"
#include "muna/python/format/str_repr.hpp"

namespace muna::python::builtins {

inline std::string repr(const std::string& value) { return format::quote_str(value, false); }
inline std::string repr(const char* value) { return format::quote_str(value, false); }
inline std::string repr(double value) { return format::float_repr(value); }
inline std::string repr(int64_t value) { return format::int_to_string(value); }
inline std::string repr(bool value) { return value ? "True" : "False"; }

}  // namespace muna::python::builtins
