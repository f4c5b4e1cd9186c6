// ba.extend(iterable): the bytes of a bytes/bytearray, or the ints of a list (each 0..255).
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/none.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>

namespace muna::python::bytearray {

inline NoneType extend(const ByteArray& self, ByteView other) {
  const std::string copy(other.view());  // other may be self
  self.str().append(copy);
  return None;
}
inline NoneType extend(const ByteArray& self, const List<int64_t>& ints) {
  std::string add;
  for (int64_t x : ints) add.push_back(static_cast<char>(checked_byte(x)));
  self.str().append(add);
  return None;
}

}  // namespace muna::python::bytearray
