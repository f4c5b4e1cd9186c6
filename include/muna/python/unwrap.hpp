// An Optional value used where its type is required: None there is a TypeError, as the
// operation would raise in Python.
#pragma once
#include <optional>
#include <string>

#include <muna/core/error.hpp>

namespace muna::python {
template <class T>
const T& unwrap(const std::optional<T>& x, const char* what) {
  if (!x) throw TypeError(std::string("'NoneType' used as ") + what);
  return *x;
}

// `x.name` of an Optional: None has no such attribute (Python's AttributeError).
template <class T>
const T& unwrap_attribute(const std::optional<T>& x, const char* name) {
  if (!x) throw AttributeError(std::string("'NoneType' object has no attribute '") + name + "'");
  return *x;
}
}  // namespace muna::python
