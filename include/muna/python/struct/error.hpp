// struct.error: an Exception subclass (not a ValueError), named as Python's traceback names it.
#pragma once
#include <string>

#include <muna/core/error.hpp>

namespace muna::python::struct_ {

class error : public Exception {
 public:
  explicit error(const std::string& message) : Exception("struct.error", message) {}
};

}  // namespace muna::python::struct_
