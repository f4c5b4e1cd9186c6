// int.from_bytes(bytes, byteorder='big', signed=False): the integer the bytes encode (two's
// complement when signed); one that does not fit muna's 64-bit int is OverflowError.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <muna/core/error.hpp>
#include <muna/python/builtins/overflow.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/list.hpp>

namespace muna::python::int_ {
namespace detail {

inline bool little_endian(const std::string& byteorder) {
  if (byteorder == "little") return true;
  if (byteorder == "big") return false;
  throw ValueError("byteorder must be either 'little' or 'big'");
}

}  // namespace detail

inline int64_t from_bytes(ByteView data, const std::string& byteorder = "big", bool is_signed = false) {
  const bool little = detail::little_endian(byteorder);
  const size_t n = data.size();
  // Most significant first.
  auto at = [&](size_t k) -> uint8_t { return data[little ? n - 1 - k : k]; };
  if (n == 0) return 0;
  const bool negative = is_signed && (at(0) & 0x80);
  const uint8_t extension = negative ? 0xFF : 0x00;
  size_t first = 0;
  // Leading bytes that only extend the sign carry no value.
  while (first + 1 < n && at(first) == extension && ((at(first + 1) & 0x80) != 0) == negative) ++first;
  const size_t significant = n - first;
  if (significant > 8 || (significant == 8 && !is_signed && (at(first) & 0x80)))
    builtins::raise_int_overflow();
  uint64_t value = negative ? ~uint64_t{0} : 0;
  for (size_t k = first; k < n; ++k) value = (value << 8) | at(k);
  return static_cast<int64_t>(value);
}

inline int64_t from_bytes(const List<int64_t>& ints, const std::string& byteorder = "big", bool is_signed = false) {
  detail::little_endian(byteorder);  // checked first, as CPython does
  std::string data;
  for (int64_t x : ints) data.push_back(static_cast<char>(checked_byte(x, "bytes must be in range(0, 256)")));
  return from_bytes(ByteView(data), byteorder, is_signed);
}

}  // namespace muna::python::int_
