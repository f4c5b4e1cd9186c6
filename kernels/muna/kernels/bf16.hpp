// float <-> bfloat16 with round to nearest even, the rounding oneDNN's reorders and torch's
// .bfloat16() use, so muna's bf16 path and theirs see the same inputs. The conversion of a
// GEMM's activations runs on every call, so it is vectorized; a bf16 value is its uint16_t bits.
#pragma once
#include <cstdint>
#include <cstring>

#include "muna/kernels/simd.hpp"

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

// The same rounding as float_to_bf16 on whole vectors (integer ops only: Highway 1.0.3's own
// DemoteTo to bfloat16 truncates); the tail goes through float_to_bf16.
inline void float_to_bf16(const float* in, uint16_t* out, size_t n) {
  namespace hn = simd::hn;
  const simd::FloatTag d;
  const hn::Rebind<uint32_t, simd::FloatTag> du32;
  const hn::Rebind<int32_t, simd::FloatTag> di32;
  const hn::Rebind<uint16_t, simd::FloatTag> du16;
  const size_t end = simd::vector_end(d, n);
  const auto bias = hn::Set(du32, 0x7fffu), one = hn::Set(du32, 1u), quiet = hn::Set(du32, 0x40u);
  size_t i = 0;
  for (; i < end; i += hn::Lanes(d)) {
    const auto v = hn::LoadU(d, in + i);
    const auto bits = hn::BitCast(du32, v);
    const auto rounded = hn::ShiftRight<16>(hn::Add(bits, hn::Add(bias, hn::And(hn::ShiftRight<16>(bits), one))));
    const auto nan = hn::Or(hn::ShiftRight<16>(bits), quiet);
    const auto result = hn::IfThenElse(hn::RebindMask(du32, hn::IsNaN(v)), nan, rounded);
    // Every lane is below 2^16, so the saturating narrowing is exact.
    hn::StoreU(hn::DemoteTo(du16, hn::BitCast(di32, result)), du16, out + i);
  }
  for (; i < n; ++i) out[i] = float_to_bf16(in[i]);
}

}  // namespace muna::kernels
