// hex(x): "0x" digits, sign first.
#pragma once
#include <cstdint>
#include <string>

#include "muna/python/format/int_to_string.hpp"

namespace muna::python::builtins {

inline std::string hex(int64_t x) {
  return (x < 0 ? "-0x" : "0x") + format::magnitude_digits(x, 16);
}

}  // namespace muna::python::builtins
