// a / b (operator.truediv): always a float.
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/core/error.hpp"

namespace muna::python::builtins {

// CPython divides ints exactly and rounds once; dividing two converted doubles would round
// twice once an operand exceeds 2**53.
inline double truediv(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("division by zero");
  constexpr int64_t kExact = int64_t{1} << 53;
  if (a > -kExact && a < kExact && b > -kExact && b < kExact)
    return static_cast<double>(a) / static_cast<double>(b);
  const bool negative = (a < 0) != (b < 0);
  const uint64_t n = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  const uint64_t d = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  if (n == 0) return negative ? -0.0 : 0.0;
  auto bits = [](uint64_t v) { return 64 - __builtin_clzll(v); };
  // Scale so the quotient has at least 55 bits; its lowest bit then only needs to record
  // whether anything was left over, and the uint64 -> double conversion rounds correctly.
  int shift = 55 + bits(d) - bits(n);
  if (shift < 0) shift = 0;
  unsigned __int128 scaled = static_cast<unsigned __int128>(n) << shift;
  unsigned __int128 q = scaled / d;
  if (scaled % d != 0) q |= 1;
  int extra = 0;
  while ((q >> 64) != 0) {  // keep the sticky bit while narrowing to 64 bits
    q = (q >> 1) | (q & 1);
    ++extra;
  }
  double result = std::ldexp(static_cast<double>(static_cast<uint64_t>(q)), extra - shift);
  return negative ? -result : result;
}

inline double truediv(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float division by zero");
  return a / b;
}

}  // namespace muna::python::builtins
