// pow(base, exp[, mod]) and `**`.
//   int ** int with exp < 0 is a float in Python, computed by CPython exactly as
//   pow(double(base), double(exp)); the int64 overload refuses it, so the compiler must
//   pick the double overload for such calls.
//   float ** float where Python would return a complex (negative base, fractional
//   exponent) raises ValueError instead.
#pragma once
#include <cerrno>
#include <cmath>
#include <cstdint>

#include "muna/core/error.hpp"
#include "muna/python/builtins/overflow.hpp"

namespace muna::python::builtins {

inline int64_t pow(int64_t base, int64_t exp) {
  if (exp < 0)
    throw ValueError("int ** negative int is a float; convert the base with float()");
  __int128 result = 1, b = base;
  while (exp > 0) {
    if (exp & 1) result = checked_int(result * b);
    exp >>= 1;
    if (exp > 0) b = checked_int(b * b);
  }
  return static_cast<int64_t>(result);
}

// Three-argument pow; a negative exponent means the modular inverse (Python 3.8+).
inline int64_t pow(int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) throw ValueError("pow() 3rd argument cannot be 0");
  const bool negative_mod = mod < 0;
  const __int128 m = negative_mod ? -static_cast<__int128>(mod) : mod;
  __int128 b = base % m;
  if (b < 0) b += m;
  if (exp < 0) {
    // Extended Euclid for the inverse of b modulo m.
    __int128 r0 = m, r1 = b, t0 = 0, t1 = 1;
    while (r1 != 0) {
      __int128 q = r0 / r1;
      __int128 r2 = r0 - q * r1;
      r0 = r1;
      r1 = r2;
      __int128 t2 = t0 - q * t1;
      t0 = t1;
      t1 = t2;
    }
    if (r0 != 1) throw ValueError("base is not invertible for the given modulus");
    b = t0 % m;
    if (b < 0) b += m;
  }
  // Unsigned so that -(-2**63) is representable.
  uint64_t e = exp < 0 ? 0 - static_cast<uint64_t>(exp) : static_cast<uint64_t>(exp);
  __int128 result = 1 % m;
  for (; e > 0; e >>= 1) {
    if (e & 1) result = result * b % m;
    b = b * b % m;
  }
  if (negative_mod && result != 0) result -= m;
  return static_cast<int64_t>(result);
}

// CPython's float_pow: the special cases are settled before calling the C library.
inline double pow(double iv, double iw) {
  auto is_odd_integer = [](double x) { return std::fmod(std::fabs(x), 2.0) == 1.0; };
  if (iw == 0) return 1.0;
  if (std::isnan(iv)) return iv;
  if (std::isnan(iw)) return iv == 1.0 ? 1.0 : iw;
  if (std::isinf(iw)) {
    iv = std::fabs(iv);
    if (iv == 1.0) return 1.0;
    if ((iw > 0.0) == (iv > 1.0)) return std::fabs(iw);
    return 0.0;
  }
  if (std::isinf(iv)) {
    bool odd = is_odd_integer(iw);
    if (iw > 0.0) return odd ? iv : std::fabs(iv);
    return odd ? std::copysign(0.0, iv) : 0.0;
  }
  if (iv == 0.0) {
    bool odd = is_odd_integer(iw);
    if (iw < 0.0) throw ZeroDivisionError("0.0 cannot be raised to a negative power");
    return odd ? iv : 0.0;
  }
  bool negate = false;
  if (iv < 0.0) {
    if (iw != std::floor(iw))
      throw ValueError("negative number cannot be raised to a fractional power");
    iv = -iv;
    negate = is_odd_integer(iw);
  }
  if (iv == 1.0) return negate ? -1.0 : 1.0;
  double ix = std::pow(iv, iw);
  // Underflow to 0 is fine; overflow is an error, reported as CPython's errno-based one.
  if (std::isinf(ix)) throw OverflowError("(34, 'Numerical result out of range')");
  return negate ? -ix : ix;
}

}  // namespace muna::python::builtins
