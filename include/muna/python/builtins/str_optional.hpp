// str() of an Optional value: "None", or str() of the value.
#pragma once
#include <optional>
#include <string>

#include <muna/python/builtins/str.hpp>

namespace muna::python::builtins {
template <class T>
std::string str_optional(const std::optional<T>& x) {
  return x ? str(*x) : std::string("None");
}
}  // namespace muna::python::builtins
