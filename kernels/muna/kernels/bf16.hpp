// float <-> bfloat16 with round to nearest even, the rounding oneDNN's reorders and torch's
// .bfloat16() use, so muna's bf16 path and theirs see the same inputs. The conversion of a
// GEMM's activations runs on every call, so it is vectorized; a bf16 value is its uint16_t bits.
#pragma once
#include <cstdint>
#include <cstring>

#include "muna/kernels/vector_loop.hpp"

namespace muna::kernels {

// NaN stays a (quiet) NaN instead of rounding up into infinity.
inline uint16_t float_to_bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}

inline float bf16_to_float(uint16_t h) {
  const uint32_t u = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The same rounding as float_to_bf16, vectorized with integer ops (Highway 1.0.3's own
// DemoteTo to bfloat16 truncates).
inline void float_to_bf16(const float* in, uint16_t* out, size_t n) {
  const Full<float> d;
  const hn::Rebind<uint32_t, Full<float>> du32;
  const hn::Rebind<int32_t, Full<float>> di32;
  const hn::Rebind<uint16_t, Full<float>> du16;
  const auto bias = hn::Set(du32, 0x7fffu), one = hn::Set(du32, 1u), quiet = hn::Set(du32, 0x40u);
  for_each_vector(d, n, [&](auto at) {
    const auto v = at.load(d, in);
    const auto bits = hn::BitCast(du32, v);
    const auto rounded = hn::ShiftRight<16>(hn::Add(bits, hn::Add(bias, hn::And(hn::ShiftRight<16>(bits), one))));
    const auto nan = hn::Or(hn::ShiftRight<16>(bits), quiet);
    const auto result = hn::IfThenElse(hn::RebindMask(du32, hn::IsNaN(v)), nan, rounded);
    // Every lane is below 2^16, so the saturating narrowing is exact.
    at.store_other(du16, hn::DemoteTo(du16, hn::BitCast(di32, result)), out);
  });
}

}  // namespace muna::kernels
