// Exact arithmetic for the statistics module. CPython's statistics sums data as exact
// fractions and rounds once at the end; every finite double is an integer times a power of
// two, so here the data become big integers over one common power of two (the smallest among
// them), and a result is a ratio of big integers rounded once to the nearest double (ties to
// even, subnormals included), as CPython's int / int true division rounds.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "muna/core/error.hpp"

namespace muna::python::statistics::detail {

// A non-negative integer of any size: 32-bit limbs, least significant first, no leading zeros.
class BigUInt {
 public:
  BigUInt() = default;
  explicit BigUInt(unsigned __int128 v) {
    while (v != 0) {
      limbs_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }

  bool is_zero() const { return limbs_.empty(); }
  int64_t bit_length() const {
    if (limbs_.empty()) return 0;
    return 32 * static_cast<int64_t>(limbs_.size() - 1) + (32 - __builtin_clz(limbs_.back()));
  }

  friend int compare_magnitudes(const BigUInt& a, const BigUInt& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (size_t i = a.limbs_.size(); i-- > 0;)
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    return 0;
  }

  BigUInt& operator+=(const BigUInt& b) {
    if (limbs_.size() < b.limbs_.size()) limbs_.resize(b.limbs_.size(), 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      carry += static_cast<uint64_t>(limbs_[i]) + (i < b.limbs_.size() ? b.limbs_[i] : 0);
      limbs_[i] = static_cast<uint32_t>(carry);
      carry >>= 32;
      if (carry == 0 && i >= b.limbs_.size()) break;
    }
    if (carry) limbs_.push_back(static_cast<uint32_t>(carry));
    return *this;
  }

  // *this - b, for *this >= b.
  BigUInt& operator-=(const BigUInt& b) {
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      int64_t d = static_cast<int64_t>(limbs_[i]) - (i < b.limbs_.size() ? b.limbs_[i] : 0) - borrow;
      borrow = d < 0;
      limbs_[i] = static_cast<uint32_t>(d + (borrow << 32));
      if (borrow == 0 && i >= b.limbs_.size()) break;
    }
    trim();
    return *this;
  }

  friend BigUInt operator*(const BigUInt& a, const BigUInt& b) {
    BigUInt out;
    if (a.is_zero() || b.is_zero()) return out;
    out.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
    for (size_t i = 0; i < a.limbs_.size(); ++i) {
      uint64_t carry = 0;
      for (size_t j = 0; j < b.limbs_.size(); ++j) {
        carry += static_cast<uint64_t>(a.limbs_[i]) * b.limbs_[j] + out.limbs_[i + j];
        out.limbs_[i + j] = static_cast<uint32_t>(carry);
        carry >>= 32;
      }
      out.limbs_[i + b.limbs_.size()] = static_cast<uint32_t>(carry);
    }
    out.trim();
    return out;
  }

  BigUInt operator<<(int64_t bits) const {
    if (is_zero() || bits == 0) return *this;
    BigUInt out;
    const size_t whole = static_cast<size_t>(bits / 32);
    const int part = static_cast<int>(bits % 32);
    out.limbs_.assign(whole, 0);
    uint32_t carry = 0;
    for (uint32_t limb : limbs_) {
      out.limbs_.push_back(part ? (limb << part) | carry : limb);
      carry = part ? limb >> (32 - part) : 0;
    }
    if (carry) out.limbs_.push_back(carry);
    return out;
  }

  // floor(*this / d) where the quotient is known to be below 2**128; `exact` tells whether
  // the division left no remainder. Shift-and-subtract: the quotient has few bits.
  unsigned __int128 divide(const BigUInt& d, bool* exact) const {
    BigUInt rem = *this;
    unsigned __int128 q = 0;
    const int64_t top = bit_length() - d.bit_length();
    for (int64_t bit = std::min<int64_t>(top, 127); bit >= 0; --bit) {
      const BigUInt shifted = d << bit;
      if (compare_magnitudes(rem, shifted) >= 0) {
        rem -= shifted;
        q |= static_cast<unsigned __int128>(1) << bit;
      }
    }
    *exact = rem.is_zero();
    return q;
  }

 private:
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<uint32_t> limbs_;
};

// A signed big integer, for sums of data of both signs.
struct BigInt {
  bool negative = false;
  BigUInt magnitude;

  void add(bool neg, const BigUInt& m) {
    if (neg == negative) {
      magnitude += m;
    } else if (compare_magnitudes(magnitude, m) >= 0) {
      magnitude -= m;
    } else {
      BigUInt r = m;
      r -= magnitude;
      magnitude = r;
      negative = neg;
    }
    if (magnitude.is_zero()) negative = false;
  }
};

// A finite double as mantissa * 2**exponent with an odd mantissa (0 for zeros).
struct Dyadic {
  uint64_t mantissa = 0;
  int64_t exponent = 0;
  bool negative = false;
};

inline Dyadic dyadic(double x) {
  Dyadic d;
  if (x == 0.0) return d;
  int e = 0;
  const double f = std::frexp(std::fabs(x), &e);
  d.mantissa = static_cast<uint64_t>(std::ldexp(f, 53));
  d.exponent = e - 53;
  d.negative = x < 0;
  const int zeros = __builtin_ctzll(d.mantissa);
  d.mantissa >>= zeros;
  d.exponent += zeros;
  return d;
}

[[noreturn]] inline void too_large_for_float() {
  throw OverflowError("integer division result too large for a float");
}

// (q + a bit more, if `inexact`) * 2**exponent, rounded to the nearest double, ties to even.
// q must carry at least 2 bits below the double's last place, so that the round bit and the
// sticky bit (the bits below it, and `inexact`) are in q.
inline double round_scaled(unsigned __int128 q, bool inexact, int64_t exponent, bool negative) {
  int bits = 0;
  for (unsigned __int128 t = q; t != 0; t >>= 1) ++bits;
  // The last place of the result: 53 bits below the top, or 2**-1074 for a subnormal.
  const int64_t place = std::max<int64_t>(bits + exponent - 53, -1074);
  const int64_t drop = place - exponent;  // the low bits of q below that place
  unsigned __int128 kept = 0;
  if (drop <= 0) {
    kept = q << -drop;  // q is short and exact here
  } else if (drop <= 128) {
    // Everything above 2**(drop-1) past the place rounds up; a tie goes to the even side.
    kept = drop == 128 ? 0 : q >> drop;
    const unsigned __int128 half = static_cast<unsigned __int128>(1) << (drop - 1);
    const unsigned __int128 rest = drop == 128 ? q : q & ((half << 1) - 1);
    if (rest > half || (rest == half && (inexact || (kept & 1)))) ++kept;
  }  // else: below half of the smallest subnormal, so 0
  if (place > 1024) too_large_for_float();
  // kept <= 2**53 (a carry included): exact in a double.
  const double magnitude = std::ldexp(static_cast<double>(static_cast<uint64_t>(kept)), static_cast<int>(place));
  if (std::isinf(magnitude)) too_large_for_float();
  return negative ? -magnitude : magnitude;
}

// num / den * 2**exponent rounded once (den > 0). OverflowError as CPython's int division.
inline double ratio_to_double(const BigUInt& num, const BigUInt& den, int64_t exponent, bool negative) {
  if (num.is_zero()) return 0.0;
  // Scale so that the quotient has 64 to 65 bits: plenty below the last place.
  const int64_t shift = 64 - (num.bit_length() - den.bit_length());
  bool exact = true;
  unsigned __int128 q;
  if (shift >= 0) {
    q = (num << shift).divide(den, &exact);
  } else {
    q = num.divide(den << -shift, &exact);
  }
  return round_scaled(q, !exact, exponent - shift, negative);
}

// sqrt(num / den * 2**exponent) rounded once (den > 0).
inline double sqrt_ratio_to_double(BigUInt num, const BigUInt& den, int64_t exponent) {
  if (num.is_zero()) return 0.0;
  if (exponent % 2 != 0) {
    num = num << 1;
    exponent -= 1;
  }
  // q = floor(num * 4**s / den) with 122 to 126 bits, so its square root has 61 to 63: plenty
  // below the double's last place, and a double estimate of it stays below 2**64.
  const int64_t s = (124 - (num.bit_length() - den.bit_length())) / 2;
  bool exact = true;
  unsigned __int128 q;
  if (s >= 0) {
    q = (num << (2 * s)).divide(den, &exact);
  } else {
    q = num.divide(den << (-2 * s), &exact);
  }
  // Integer square root of q (q < 2**128): a double estimate, corrected exactly.
  uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(q)));
  auto square = [](uint64_t v) { return static_cast<unsigned __int128>(v) * v; };
  while (r > 0 && square(r) > q) --r;
  while (r < UINT64_MAX && square(r + 1) <= q) ++r;
  const bool inexact = !exact || square(r) != q;
  return round_scaled(r, inexact, exponent / 2 - s, false);
}

}  // namespace muna::python::statistics::detail
