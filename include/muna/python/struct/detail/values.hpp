// One packed or unpacked value of a struct format, and the byte-level conversions: integers
// with CPython's range errors, half floats as PyFloat_Pack2/Unpack2 (round half to even),
// floats as PyFloat_Pack4 (OverflowError past float's range).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include <muna/core/error.hpp>
#include <muna/python/builtins/overflow.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/struct/error.hpp>

namespace muna::python::struct_::detail {

struct Value {
  enum Kind { integer, real, boolean, bytes, other } kind;  // other: a value no code takes
  int64_t i = 0;
  double d = 0;
  bool b = false;
  std::string_view data;
};

inline Value value(int64_t x) { return {Value::integer, x, 0, false, {}}; }
inline Value value(double x) { return {Value::real, 0, x, false, {}}; }
inline Value value(bool x) { return {Value::boolean, 0, 0, x, {}}; }
inline Value value(const Bytes& x) { return {Value::bytes, 0, 0, false, x.view()}; }
inline Value value(const ByteArray& x) { return {Value::bytes, 0, 0, false, x.view()}; }

inline void put_uint(uint8_t* p, uint64_t v, int64_t size, bool little) {
  for (int64_t k = 0; k < size; ++k) p[little ? k : size - 1 - k] = static_cast<uint8_t>(v >> (8 * k));
}
inline uint64_t get_uint(const uint8_t* p, int64_t size, bool little) {
  uint64_t v = 0;
  for (int64_t k = size - 1; k >= 0; --k) v = (v << 8) | p[little ? k : size - 1 - k];
  return v;
}

// The integer codes' range checks, with CPython 3.11's messages, which differ by table: its
// big-endian functions treat 'h' and 'H' as the generic int codes, and 'Q' as a byte array.
inline void check_integer(char code, int64_t x, int64_t size, bool big_endian) {
  auto range = [](const std::string& name, int64_t lo, int64_t hi, int64_t x) {
    if (x < lo || x > hi)
      throw error(name + " format requires " + std::to_string(lo) + " <= number <= " + std::to_string(hi));
  };
  const std::string quoted = std::string("'") + code + "'";
  switch (code) {
    case 'b': return range("byte", -128, 127, x);
    case 'B': return range("ubyte", 0, 255, x);
    case 'h': return range(big_endian ? quoted : "short", -32768, 32767, x);
    case 'H':
      if (big_endian && x < 0) throw error("argument out of range");
      return range(big_endian ? quoted : "ushort", 0, 65535, x);
    case 'i': case 'l': case 'q': case 'n':
      if (size < 8) range(quoted, -(int64_t{1} << (8 * size - 1)), (int64_t{1} << (8 * size - 1)) - 1, x);
      return;
    default:  // I L Q N: a negative value fails before the upper bound is looked at
      if (x < 0) throw error(big_endian && code == 'Q' ? "int too large to convert" : "argument out of range");
      if (size < 8) range(quoted, 0, (int64_t{1} << (8 * size)) - 1, x);
      return;
  }
}

inline uint16_t pack_half(double x) {
  int sign, e;
  double f;
  unsigned short bits;
  if (x == 0.0) {
    sign = std::signbit(x);
    e = 0;
    bits = 0;
  } else if (std::isinf(x)) {
    sign = x < 0.0;
    e = 0x1f;
    bits = 0;
  } else if (std::isnan(x)) {
    sign = std::signbit(x);
    e = 0x1f;
    bits = 512;
  } else {
    sign = x < 0.0;
    if (sign) x = -x;
    f = std::frexp(x, &e);
    f *= 2.0;  // [1.0, 2.0)
    e--;
    if (e >= 16) throw OverflowError("float too large to pack with e format");
    if (e < -25) {
      f = 0.0;
      e = 0;
    } else if (e < -14) {
      f = std::ldexp(f, 14 + e);
      e = 0;
    } else {
      e += 15;
      f -= 1.0;
    }
    f *= 1024.0;
    bits = static_cast<unsigned short>(f);
    if ((f - bits > 0.5) || ((f - bits == 0.5) && (bits % 2 == 1))) {
      ++bits;
      if (bits == 1024) {
        bits = 0;
        ++e;
        if (e == 31) throw OverflowError("float too large to pack with e format");
      }
    }
  }
  return static_cast<uint16_t>(bits | (e << 10) | (sign << 15));
}

inline double unpack_half(uint16_t h) {
  const int sign = h >> 15;
  int e = (h >> 10) & 0x1f;
  const unsigned f = h & 0x3ff;
  if (e == 0x1f) {
    if (f == 0) return sign ? -HUGE_VAL : HUGE_VAL;
    return sign ? -std::fabs(NAN) : std::fabs(NAN);
  }
  double x = static_cast<double>(f) / 1024.0;
  if (e == 0) {
    e = -14;
  } else {
    x += 1.0;
    e -= 15;
  }
  x = std::ldexp(x, e);
  return sign ? -x : x;
}

inline uint32_t pack_float(double x) {
  const float y = static_cast<float>(x);
  if (std::isinf(y) && !std::isinf(x)) throw OverflowError("float too large to pack with f format");
  uint32_t bits;
  std::memcpy(&bits, &y, 4);
  return bits;
}

}  // namespace muna::python::struct_::detail
