// bin(x): "0b" digits, sign first.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/format/int_to_string.hpp"

namespace muna::python::builtins {

inline std::string bin(int64_t x) {
  return (x < 0 ? "-0b" : "0b") + format::magnitude_digits(x, 2);
}

}  // namespace muna::python::builtins
