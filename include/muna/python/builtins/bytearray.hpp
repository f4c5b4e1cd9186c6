// bytearray(x): as bytes(x) (muna/python/builtins/bytes.hpp), as a new mutable bytearray.
#pragma once
#include <cstdint>
#include <string>

#include <muna/python/builtins/bytes.hpp>

namespace muna::python::builtins {

inline ByteArray bytearray() { return ByteArray(); }
inline ByteArray bytearray(const Bytes& data) { return ByteArray(std::string(data.view())); }
inline ByteArray bytearray(const ByteArray& data) { return ByteArray(std::string(data.view())); }
inline ByteArray bytearray(int64_t n) { return ByteArray(detail::zero_bytes(n)); }
inline ByteArray bytearray(bool n) { return ByteArray(detail::zero_bytes(n)); }
template <class Ints>
ByteArray bytearray(const Ints& ints) {
  return ByteArray(detail::bytes_of_ints(ints, "byte must be in range(0, 256)"));
}

}  // namespace muna::python::builtins
