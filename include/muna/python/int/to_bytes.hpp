// n.to_bytes(length=1, byteorder='big', signed=False): `length` bytes of n (two's complement
// when signed), OverflowError when n does not fit, as CPython's _PyLong_AsByteArray, including
// its one quirk: -1 fits in zero signed bytes.
#pragma once
#include <cstdint>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/int/from_bytes.hpp>

namespace muna::python::int_ {

inline Bytes to_bytes(int64_t self, int64_t length = 1, const std::string& byteorder = "big", bool is_signed = false) {
  const bool little = detail::little_endian(byteorder);
  if (length < 0) throw ValueError("length argument must be non-negative");
  if (self < 0 && !is_signed) throw OverflowError("can't convert negative int to unsigned");
  // The bytes the value needs: for a signed value one sign bit more than its magnitude.
  bool fits;
  if (length >= 8) {
    fits = true;
  } else if (is_signed) {
    const int64_t bits = 8 * length;
    fits = length == 0 ? (self == 0 || self == -1)
                       : self >= -(int64_t{1} << (bits - 1)) && self < (int64_t{1} << (bits - 1));
  } else {
    fits = static_cast<uint64_t>(self) < (uint64_t{1} << (8 * length)) || (length == 0 && self == 0);
  }
  if (!fits) throw OverflowError("int too big to convert");
  std::string out(static_cast<size_t>(length), self < 0 ? '\xff' : '\0');
  uint64_t v = static_cast<uint64_t>(self);
  for (int64_t k = 0; k < length && k < 8; ++k, v >>= 8) {
    const size_t at = little ? static_cast<size_t>(k) : static_cast<size_t>(length - 1 - k);
    out[at] = static_cast<char>(v & 0xFF);
  }
  return Bytes(std::move(out));
}

}  // namespace muna::python::int_
