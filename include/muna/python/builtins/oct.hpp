// oct(x): "0o" digits, sign first.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/format/int_to_string.hpp"

namespace muna::python::builtins {

inline std::string oct(int64_t x) {
  return (x < 0 ? "-0o" : "0o") + format::magnitude_digits(x, 8);
}

}  // namespace muna::python::builtins
