// ba.clear(): removes every byte, in place.
#pragma once
#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline NoneType clear(const ByteArray& self) {
  self.str().clear();
  return None;
}

}  // namespace muna::python::bytearray
