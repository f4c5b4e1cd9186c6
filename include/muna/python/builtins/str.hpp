// str() of the scalar types.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "muna/python/builtins/repr.hpp"
#include "muna/python/format/float_to_string.hpp"
#include "muna/python/format/int_to_string.hpp"

namespace muna::python::builtins {

inline std::string str(const std::string& value) { return value; }
inline std::string str(const char* value) { return value; }
inline std::string str(double value) { return format::float_repr(value); }
inline std::string str(int64_t value) { return format::int_to_string(value); }
inline std::string str(bool value) { return value ? "True" : "False"; }
inline std::string str() { return std::string(); }

// Other integer types (an int literal, long long) would be ambiguous between the int64_t,
// double and bool overloads.
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                        !std::is_same_v<T, int64_t>,
                                    int> = 0>
std::string str(T value) {
  return str(static_cast<int64_t>(value));
}

inline std::string str(float value) { return format::float32_repr(value); }
inline std::string str(NoneType) { return "None"; }

// Containers print their items' repr, as CPython's list.__str__ (object.__str__ -> __repr__).
template <class T>
auto str(const T& value) -> decltype(repr(value), std::enable_if_t<!std::is_arithmetic_v<T>, std::string>()) {
  return repr(value);
}

}  // namespace muna::python::builtins
