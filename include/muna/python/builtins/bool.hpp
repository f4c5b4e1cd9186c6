// bool(x), named bool_ because bool is a C++ keyword.
#pragma once
#include <cstdint>
#include <string>

namespace muna::python::builtins {

inline bool bool_(bool value) { return value; }
inline bool bool_(int64_t value) { return value != 0; }
// nan is truthy in Python, as it compares unequal to 0.
inline bool bool_(double value) { return value != 0.0; }
inline bool bool_(const std::string& value) { return !value.empty(); }
// Without this a string literal would convert to bool as a non-null pointer.
inline bool bool_(const char* value) { return value[0] != '\0'; }
inline bool bool_() { return false; }

}  // namespace muna::python::builtins
