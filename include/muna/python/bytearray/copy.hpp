// ba.copy(): a new bytearray with the same bytes (not shared).
#pragma once
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytearray {

inline ByteArray copy(const ByteArray& self) { return ByteArray(std::string(self.view())); }

}  // namespace muna::python::bytearray
