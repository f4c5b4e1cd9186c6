// `x in b`: a byte value (0..255, else ValueError) or a run of bytes.
#pragma once
#include <cstdint>
#include <string_view>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

inline bool contains(ByteView self, ByteView sub) {
  return self.view().find(sub.view()) != std::string_view::npos;
}
inline bool contains(ByteView self, int64_t value) {
  return self.view().find(static_cast<char>(checked_byte(value))) != std::string_view::npos;
}

}  // namespace muna::python::bytes
