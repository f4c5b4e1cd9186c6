// int64 -> digits in base 2, 8, 10 or 16 (no sign, no prefix), for str(), hex(), format().
#pragma once
#include <cstdint>
#include <string>

namespace muna::python::format {

// Digits of |value|; safe for INT64_MIN.
inline std::string magnitude_digits(int64_t value, int base) {
  uint64_t v = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  char buf[64];
  char* p = buf + sizeof buf;
  do {
    *--p = "0123456789abcdef"[v % static_cast<unsigned>(base)];
    v /= static_cast<unsigned>(base);
  } while (v);
  return std::string(p, buf + sizeof buf);
}

inline std::string int_to_string(int64_t value) {
  return value < 0 ? "-" + magnitude_digits(value, 10) : magnitude_digits(value, 10);
}

}  // namespace muna::python::format
