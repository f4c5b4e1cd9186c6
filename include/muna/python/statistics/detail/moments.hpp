// The exact sums behind statistics' mean and variances (CPython's _sum and _ss): the data as
// integers X_i over one power of two 2**exponent, their sum and the sum of their squares; and,
// when NaNs or infinities are among the data, CPython's float total of those alone (0 + each
// in order), which then decides the result.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "muna/core/error.hpp"
#include "muna/python/list.hpp"
#include "muna/python/statistics/detail/exact.hpp"

namespace muna::python::statistics::detail {

struct Moments {
  int64_t count = 0;
  BigInt sum;           // sum of X_i
  BigUInt sum_squares;  // sum of X_i**2, over 2**(2 * exponent)
  int64_t exponent = 0;
  bool special = false;  // a NaN or an infinity among the data
  double special_total = 0.0;
};

inline BigUInt magnitude_of(int64_t x) {
  return BigUInt(x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x));
}

inline BigUInt squared(const BigUInt& x, uint64_t small, bool is_small) {
  return is_small ? BigUInt(static_cast<unsigned __int128>(small) * small) : x * x;
}

// Floats: each X_i is the float's odd mantissa shifted to the smallest exponent of the data.
inline Moments float_moments(const std::vector<double>& data, bool squares) {
  Moments m;
  m.count = static_cast<int64_t>(data.size());
  bool any = false;
  for (double x : data) {
    if (!std::isfinite(x)) {
      m.special = true;
      m.special_total += x;
    } else if (x != 0.0) {
      const int64_t e = dyadic(x).exponent;
      m.exponent = any ? std::min(m.exponent, e) : e;
      any = true;
    }
  }
  if (m.special) return m;
  for (double x : data) {
    if (x == 0.0) continue;
    const Dyadic d = dyadic(x);
    const int64_t shift = d.exponent - m.exponent;
    const BigUInt value = BigUInt(d.mantissa) << shift;
    m.sum.add(d.negative, value);
    if (squares) m.sum_squares += squared(value, d.mantissa, shift == 0);
  }
  return m;
}

inline Moments int_moments(const std::vector<int64_t>& data, bool squares) {
  Moments m;
  m.count = static_cast<int64_t>(data.size());
  for (int64_t x : data) {
    const uint64_t mag = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    m.sum.add(x < 0, BigUInt(mag));
    if (squares) m.sum_squares += BigUInt(static_cast<unsigned __int128>(mag) * mag);
  }
  return m;
}

// The data as CPython's statistics sees it: floats, or ints (bools count as ints).
template <class T>
Moments moments(const List<T>& data, bool squares) {
  if constexpr (std::is_floating_point_v<T>) {
    return float_moments(data.items(), squares);
  } else {
    std::vector<int64_t> ints(data.begin(), data.end());
    return int_moments(ints, squares);
  }
}

// count * sum(X**2) - sum(X)**2: count**2 times the variance's numerator, never negative.
inline BigUInt scaled_square_deviations(const Moments& m) {
  BigUInt out = BigUInt(static_cast<unsigned __int128>(m.count)) * m.sum_squares;
  out -= m.sum.magnitude * m.sum.magnitude;
  return out;
}

// Sum of squared deviations from a given centre c (variance's xbar=, pvariance's mu=): as
// CPython's _sum((x - c) ** 2 for x in data), the deviations squared in the data's own
// arithmetic (floats, or exact ints), then summed exactly.
template <class T, class C>
Moments centred_moments(const List<T>& data, C c) {
  if constexpr (std::is_floating_point_v<T> || std::is_floating_point_v<C>) {
    std::vector<double> squares;
    squares.reserve(data.size());
    for (const T& x : data) {
      const double d = static_cast<double>(x) - static_cast<double>(c);
      squares.push_back(d * d);
    }
    return float_moments(squares, false);
  } else {
    Moments m;
    m.count = data.size();
    for (const T& x : data) {
      const __int128 d = static_cast<__int128>(static_cast<int64_t>(x)) - static_cast<int64_t>(c);
      const BigUInt mag(static_cast<unsigned __int128>(d < 0 ? -d : d));
      m.sum.add(false, mag * mag);
    }
    return m;
  }
}

[[noreturn]] inline void float_has_no_numerator() {
  // CPython's stdev and pstdev take .numerator of the variance, a float once the data hold a
  // NaN or an infinity.
  throw AttributeError("'float' object has no attribute 'numerator'");
}

inline BigUInt big(int64_t n) { return BigUInt(static_cast<unsigned __int128>(n)); }

}  // namespace muna::python::statistics::detail
