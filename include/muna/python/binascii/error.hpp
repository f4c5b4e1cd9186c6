// binascii.Error, which base64 raises too: a ValueError subclass, named as Python's traceback
// names it.
#pragma once
#include <string>

#include <muna/core/error.hpp>

namespace muna::python::binascii {

class Error : public ValueError {
 public:
  explicit Error(const std::string& message) : ValueError("binascii.Error", message) {}
};

}  // namespace muna::python::binascii
