// str() of the scalar types.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"

namespace muna::python::builtins {

inline std::string str(const std::string& value) { return value; }
inline std::string str(const char* value) { return value; }
inline std::string str(double value) { return format::float_repr(value); }
inline std::string str(int64_t value) { return format::int_to_string(value); }
inline std::string str(bool value) { return value ? "True" : "False"; }
inline std::string str() { return std::string(); }

}  // namespace muna::python::builtins
