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

// For the unchecked bodies of guarded loops: GCC would otherwise call a large body (a call per
// vector, reloading every constant) rather than inline it.
#define MUNA_ALWAYS_INLINE __attribute__((always_inline))

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
  // For guarded functions: lanes past the row's end count as valid.
  HWY_INLINE hn::Mask<D> valid_or_outside(hn::Mask<D> valid) const {
    if constexpr (Partial) return hn::Or(valid, hn::Not(mask));
    else return valid;
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

// body(at) for each vector of [begin, end), begin a multiple of the lane count; `at` is a
// VectorAt<D, false> for whole vectors and a VectorAt<D, true> for the last, partial one, so
// body is a generic lambda.
template <class D, class Body>
HWY_INLINE void for_each_vector_in(D d, size_t begin, size_t end, Body&& body) {
  const size_t lanes = hn::Lanes(d);
  size_t i = begin;
  for (; i + lanes <= end; i += lanes) body(VectorAt<D, false>{i, hn::FirstN(d, lanes), lanes});
  if (i < end) body(VectorAt<D, true>{i, hn::FirstN(d, end - i), end - i});
}
template <class D, class Body>
HWY_INLINE void for_each_vector(D d, size_t n, Body&& body) {
  for_each_vector_in(d, 0, n, body);
}

// For functions whose vector form holds only on some inputs (the transcendental functions
// outside their ranges): unchecked(at) computes and stores a vector's results and returns the
// mask of lanes where they hold (VectorAt::valid_or_outside); checked(at) stores the right
// results whatever the input (libm on invalid lanes: a call). The whole range runs unchecked,
// in passes of up to 64 blocks of kGuardBlock vectors in a function of their own that makes no
// call (a call in the loop makes the compiler spill or rebuild every vector constant per
// vector: log2 took 40 % longer); the blocks that had an invalid lane are then redone checked.
constexpr size_t kGuardBlock = 4;

// `unchecked` by value: its captures then stay in registers across the stores.
template <class D, class Unchecked>
HWY_NOINLINE uint64_t unchecked_pass(D d, size_t begin, size_t end, Unchecked unchecked) {
  const size_t lanes = hn::Lanes(d);
  const auto all = hn::FirstN(d, lanes);
  auto valid = all;
  uint64_t invalid_blocks = 0;
  size_t vectors = 0, i = begin;
  const auto end_block = [&] {
    invalid_blocks |= uint64_t{!hn::AllTrue(d, valid)} << ((vectors - 1) / kGuardBlock);
    valid = all;
  };
  const auto add = [&](hn::Mask<D> vector_valid) {
    valid = hn::And(valid, vector_valid);
    if (++vectors % kGuardBlock == 0) end_block();
  };
  // Two vectors a step: two independent chains of the same long dependency, so that the
  // out-of-order core finds work while one waits (tan 8 % faster).
  for (; i + 2 * lanes <= end; i += 2 * lanes) {
    const auto first = unchecked(VectorAt<D, false>{i, all, lanes});
    const auto second = unchecked(VectorAt<D, false>{i + lanes, all, lanes});
    add(first);
    add(second);
  }
  for (; i + lanes <= end; i += lanes) add(unchecked(VectorAt<D, false>{i, all, lanes}));
  if (i < end) add(unchecked(VectorAt<D, true>{i, hn::FirstN(d, end - i), end - i}));
  if (vectors % kGuardBlock != 0) end_block();
  return invalid_blocks;
}

template <class D, class Unchecked, class Checked>
HWY_INLINE void for_each_vector_guarded(D d, size_t n, const Unchecked& unchecked, const Checked& checked) {
  const size_t block = kGuardBlock * hn::Lanes(d), pass = 64 * block;
  for (size_t begin = 0; begin < n; begin += pass) {
    const size_t end = begin + pass < n ? begin + pass : n;
    for (uint64_t invalid = unchecked_pass(d, begin, end, unchecked); invalid; invalid &= invalid - 1) {
      const size_t b = begin + static_cast<size_t>(__builtin_ctzll(invalid)) * block;
      for_each_vector_in(d, b, b + block < end ? b + block : end, checked);
    }
  }
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
