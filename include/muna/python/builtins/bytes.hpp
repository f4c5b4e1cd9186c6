// bytes(x): a copy of bytes or bytearray, n zero bytes, or the ints of an iterable (a list,
// range, tuple...) each 0..255. bytes(s, encoding, errors) is compiled as s.encode(...).
#pragma once
#include <cstdint>
#include <string>
#include <tuple>

#include <muna/core/error.hpp>
#include <muna/python/bytes.hpp>

namespace muna::python::builtins {
namespace detail {

inline std::string zero_bytes(int64_t n) {
  if (n < 0) throw ValueError("negative count");
  return std::string(static_cast<size_t>(n), '\0');
}

// CPython's message names the kind being made: "bytes must be..." / "byte must be...".
template <class Ints>
std::string bytes_of_ints(const Ints& ints, const char* message) {
  std::string out;
  for (const auto& x : ints) out.push_back(static_cast<char>(checked_byte(static_cast<int64_t>(x), message)));
  return out;
}
template <class... T>
std::string bytes_of_ints(const std::tuple<T...>& ints, const char* message) {
  std::string out;
  std::apply([&](const auto&... x) { (out.push_back(static_cast<char>(checked_byte(static_cast<int64_t>(x), message))), ...); },
             ints);
  return out;
}

}  // namespace detail

inline Bytes bytes() { return Bytes(); }
inline Bytes bytes(ByteView data) { return Bytes(data); }
inline Bytes bytes(const Bytes& data) { return data; }
inline Bytes bytes(const ByteArray& data) { return Bytes(std::string(data.view())); }
inline Bytes bytes(int64_t n) { return Bytes(detail::zero_bytes(n)); }
inline Bytes bytes(bool n) { return Bytes(detail::zero_bytes(n)); }
template <class Ints>
Bytes bytes(const Ints& ints) {
  return Bytes(detail::bytes_of_ints(ints, "bytes must be in range(0, 256)"));
}

}  // namespace muna::python::builtins
