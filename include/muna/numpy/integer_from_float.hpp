// A Python float made a NumPy integer scalar (np.int64(x), a[i] = x for an integer array): NumPy
// 1.24 goes through Python's int(x), so NaN raises ValueError, an infinity OverflowError, a value
// outside C long (uint64: outside [-2**63, 2**64)) OverflowError; the integer is then wrapped to
// the target's width (np.uint8(300.7) is 44, np.uint8(-1.5) is 255). Not builtins::int_(double):
// its overflow is muna's own int64 message, and uint64 takes [2**63, 2**64) too.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "muna/core/error.hpp"

namespace muna::numpy {

template <class U>
U integer_from_python_float(double value) {
  static_assert(std::is_integral_v<U> && !std::is_same_v<U, bool>);
  if (std::isnan(value)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(value)) throw OverflowError("cannot convert float infinity to integer");
  const double t = std::trunc(value);
  constexpr double two63 = 9223372036854775808.0;  // 2**63 and 2**64 are exact doubles
  constexpr double upper = std::is_same_v<U, uint64_t> ? 2 * two63 : two63;
  if (t < -two63 || t >= upper) throw OverflowError("Python int too large to convert to C long");
  if (t >= two63) return static_cast<U>(static_cast<uint64_t>(t));
  return static_cast<U>(static_cast<int64_t>(t));  // narrower types keep the low bits, as NumPy
}

}  // namespace muna::numpy
