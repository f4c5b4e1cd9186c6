// The loop shape of muna's row kernels (RMSNorm, gated activations, softmax, RoPE, bf16
// conversion), with the same tail policy as elementwise.hpp: whole vectors with plain loads and
// stores, then at most one partial vector through FirstN + MaskedLoad + BlendedStore, so every
// element of a row gets the same SIMD arithmetic wherever it sits. Masked 32-bit lanes are
// native on AVX2 and AVX-512 (nothing outside [0, n) is read or written); data of other widths
// (uint8 masks, bf16 bits) goes through a small stack buffer in the partial vector instead.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/simd.hpp>

// Highway 1.0.3 only enables its AVX2/AVX-512 targets when AES and CLMUL are also on, so
// -march=x86-64-v3 or -v4 without -maes -mpclmul silently yields 4-lane SSSE3 code.
#if defined(__AVX2__) && (HWY_STATIC_TARGET > HWY_AVX2) && !defined(MUNA_ALLOW_SSE_KERNELS)
#error "muna kernels: AVX2 is enabled but Highway picked an SSE target; add -maes -mpclmul"
#endif

namespace muna::kernels {

// One vector's position in a row: i, and for the partial vector which lanes are inside.
template <class D, bool Partial>
struct VectorAt {
  size_t i;
  hn::Mask<D> mask;
  size_t valid;  // lanes inside the row

  HWY_INLINE hn::Vec<D> load(D d, const hn::TFromD<D>* p) const {
    if constexpr (Partial) return hn::MaskedLoad(mask, d, p + i);
    else return hn::LoadU(d, p + i);
  }
  HWY_INLINE void store(D d, hn::Vec<D> v, hn::TFromD<D>* p) const {
    if constexpr (Partial) hn::BlendedStore(v, mask, d, p + i);
    else hn::StoreU(v, d, p + i);
  }
  // For reductions: lanes past the row's end become `fill` (0 for sums, -inf for maxima).
  HWY_INLINE hn::Vec<D> inside_or(hn::Vec<D> v, hn::Vec<D> fill) const {
    if constexpr (Partial) return hn::IfThenElse(mask, v, fill);
    else return v;
  }
  // Loads of another lane type (DN: the same lane count, e.g. uint8 for a float row). A
  // partial vector copies its valid elements into a zeroed buffer first: Highway emulates
  // masked 8- and 16-bit loads on AVX2 with full-width reads.
  template <class DN>
  HWY_INLINE hn::Vec<DN> load_other(DN dn, const hn::TFromD<DN>* p) const {
    if constexpr (Partial) {
      HWY_ALIGN hn::TFromD<DN> buffer[HWY_MAX_BYTES / sizeof(hn::TFromD<D>)] = {};
      std::memcpy(buffer, p + i, valid * sizeof(hn::TFromD<DN>));
      return hn::Load(dn, buffer);
    } else {
      return hn::LoadU(dn, p + i);
    }
  }
  template <class DN>
  HWY_INLINE void store_other(DN dn, hn::Vec<DN> v, hn::TFromD<DN>* p) const {
    if constexpr (Partial) {
      HWY_ALIGN hn::TFromD<DN> buffer[HWY_MAX_BYTES / sizeof(hn::TFromD<D>)];
      hn::Store(v, dn, buffer);
      std::memcpy(p + i, buffer, valid * sizeof(hn::TFromD<DN>));
    } else {
      hn::StoreU(v, dn, p + i);
    }
  }
};

// body(at) for each vector of [0, n); `at` is a VectorAt<D, false> for whole vectors and a
// VectorAt<D, true> for the last, partial one, so body is a generic lambda.
template <class D, class Body>
HWY_INLINE void for_each_vector(D d, size_t n, Body&& body) {
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) body(VectorAt<D, false>{i, hn::FirstN(d, lanes), lanes});
  if (i < n) body(VectorAt<D, true>{i, hn::FirstN(d, n - i), n - i});
}

// Highway 1.0.3 has no ReduceSum/ReduceMax: the reductions broadcast, and lane 0 is read.
template <class D>
HWY_INLINE hn::TFromD<D> sum_lanes(D d, hn::Vec<D> v) {
  return hn::GetLane(hn::SumOfLanes(d, v));
}
template <class D>
HWY_INLINE hn::TFromD<D> max_lanes(D d, hn::Vec<D> v) {
  return hn::GetLane(hn::MaxOfLanes(d, v));
}

}  // namespace muna::kernels
