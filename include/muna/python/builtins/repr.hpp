// repr() of the scalar types.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"
#include "muna/python/format/str_repr.hpp"

namespace muna::python::builtins {

inline std::string repr(const std::string& value) { return format::quote_str(value, false); }
inline std::string repr(const char* value) { return format::quote_str(value, false); }
inline std::string repr(double value) { return format::float_repr(value); }
inline std::string repr(int64_t value) { return format::int_to_string(value); }
inline std::string repr(bool value) { return value ? "True" : "False"; }

// Other integer types (an int literal, long long) would be ambiguous between the int64_t,
// double and bool overloads.
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                        !std::is_same_v<T, int64_t>,
                                    int> = 0>
std::string repr(T value) {
  return repr(static_cast<int64_t>(value));
}

}  // namespace muna::python::builtins
