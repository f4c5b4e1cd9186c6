// The one generic element-wise map every unary and binary op runs through.
//
// An op is a functor with `static U scalar(T...)`, and optionally
// `template <class D, class V> static V simd(D, V...)` where the op is vectorisable for T, or,
// for predicates (U = bool: comparisons, isnan, logical ops), `static hn::Mask<D> test(D, V...)`,
// whose lanes are stored as bools.
// Contiguous runs use the SIMD form a vector at a time (vector_loop.hpp): the loop tail uses the
// same SIMD form on a masked vector (FirstN + MaskedLoad + BlendedStore), so every element of a
// run gets bit-identical arithmetic whatever its position. Strided runs use the scalar form.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include <muna/kernels/simd.hpp>
#include <muna/kernels/vector_loop.hpp>

namespace muna::kernels {

template <class Op, class D, class = void>
struct has_simd : std::false_type {};
template <class Op, class D>
struct has_simd<Op, D,
                std::void_t<decltype(Op::simd(D(), hn::Zero(D())))>> : std::true_type {};
template <class Op, class D, class = void>
struct has_simd2 : std::false_type {};
template <class Op, class D>
struct has_simd2<Op, D, std::void_t<decltype(Op::simd(D(), hn::Zero(D()), hn::Zero(D())))>>
    : std::true_type {};

// Guarded functions (transcendental.hpp's detail::Guarded): `vector(d, v..., valid)`.
template <class Op, class D, class = void>
struct has_vector : std::false_type {};
template <class Op, class D>
struct has_vector<Op, D, std::void_t<decltype(Op::vector(D(), hn::Zero(D()), std::declval<hn::Mask<D>&>()))>>
    : std::true_type {};
template <class Op, class D, class = void>
struct has_vector2 : std::false_type {};
template <class Op, class D>
struct has_vector2<Op, D, std::void_t<decltype(Op::vector(D(), hn::Zero(D()), hn::Zero(D()),
                                                          std::declval<hn::Mask<D>&>()))>> : std::true_type {};

template <class Op, class D, class = void>
struct has_test : std::false_type {};
template <class Op, class D>
struct has_test<Op, D, std::void_t<decltype(Op::test(D(), hn::Zero(D())))>> : std::true_type {};
template <class Op, class D, class = void>
struct has_test2 : std::false_type {};
template <class Op, class D>
struct has_test2<Op, D, std::void_t<decltype(Op::test(D(), hn::Zero(D()), hn::Zero(D())))>>
    : std::true_type {};

// Predicates vectorise for 32-bit lanes.
template <class T>
constexpr bool test_type_v = std::is_same_v<T, float> || std::is_same_v<T, int32_t>;

// For each 8-bit mask, the eight bools of its bits (lane k's byte is bit k: 0 or 1).
struct BoolBytes {
  uint64_t of[256];
  constexpr BoolBytes() : of() {
    for (int bits = 0; bits < 256; ++bits)
      for (int k = 0; k < 8; ++k) of[bits] |= static_cast<uint64_t>((bits >> k) & 1) << (8 * k);
  }
};
inline constexpr BoolBytes kBoolBytes{};

// out[i] = test(at.load(d, arg)...) for each vector `at` of [0, n): the mask's lanes as bools.
// The mask goes out as bits (one movemask) and each 8 bits become 8 bytes by a table lookup:
// narrowing the mask's 32-bit lanes to bytes (DemoteTo) took two packs and a permute per
// vector on AVX2, 25-35 % slower than NumPy's isnan and isfinite there.
template <class D, class Test>
HWY_INLINE void map_test(D d, int64_t n, bool* out, Test&& test) {
  constexpr size_t kMaskBytes = (hn::MaxLanes(D()) + 7) / 8;
  auto* bytes = reinterpret_cast<uint8_t*>(out);  // bool is one byte holding 0 or 1
  for_each_vector(d, static_cast<size_t>(n), [&](const auto& at) {
    uint8_t bits[kMaskBytes];
    hn::StoreMaskBits(d, test(at), bits);
    // at.valid is the lane count (a constant) for whole vectors, fewer in the partial one.
    for (size_t k = 0; k < at.valid; k += 8) {
      const uint64_t eight = kBoolBytes.of[bits[k / 8]];
      std::memcpy(bytes + at.i + k, &eight, at.valid - k < 8 ? at.valid - k : 8);
    }
  });
}

// out[i] = Op(in[i * step]) for i < n.
template <class Op, class T, class U>
void map_unary(int64_t n, const T* in, int64_t step, U* out) {
  if constexpr (std::is_same_v<U, bool> && test_type_v<T>) {
    const Full<T> d;
    if constexpr (has_test<Op, Full<T>>::value) {
      if (step == 1) return map_test(d, n, out, [&](const auto& at) { return Op::test(d, at.load(d, in)); });
    }
  }
  if constexpr (std::is_same_v<T, U> && simd_type_v<T>) {
    const Full<T> d;
    if constexpr (has_vector<Op, Full<T>>::value) {
      if (step == 1)
        return for_each_vector_guarded(
            d, static_cast<size_t>(n),
            // Copies: a reference would be reloaded per vector.
            [d, in, out](const auto& at) MUNA_ALWAYS_INLINE {
              auto valid = hn::FirstN(d, 0);
              at.store(d, Op::vector(d, at.load(d, in), valid), out);
              return at.valid_or_outside(valid);
            },
            [d, in, out](const auto& at) { at.store(d, Op::simd(d, at.load(d, in)), out); });
    } else if constexpr (has_simd<Op, Full<T>>::value) {
      if (step == 1)
        return for_each_vector(d, static_cast<size_t>(n), [&](const auto& at) {
          at.store(d, Op::simd(d, at.load(d, in)), out);
        });
    }
  }
  for (int64_t i = 0; i < n; ++i) out[i] = Op::scalar(in[i * step]);
}

// out[i] = Op(a[i * sa], b[i * sb]) for i < n; a step of 0 broadcasts one element. The
// all-contiguous case has its own loop without the per-vector choice (-O2 does not unswitch).
template <class Op, class T, class U>
void map_binary(int64_t n, const T* a, int64_t sa, const T* b, int64_t sb, U* out) {
  const size_t count = static_cast<size_t>(n);
  if constexpr (std::is_same_v<U, bool> && test_type_v<T>) {
    const Full<T> d;
    if constexpr (has_test2<Op, Full<T>>::value) {
      if (sa == 1 && sb == 1)
        return map_test(d, n, out, [&](const auto& at) { return Op::test(d, at.load(d, a), at.load(d, b)); });
      if ((sa == 0 || sa == 1) && (sb == 0 || sb == 1)) {
        const auto va0 = hn::Set(d, a[0]), vb0 = hn::Set(d, b[0]);
        return map_test(d, n, out, [&](const auto& at) {
          return Op::test(d, sa ? at.load(d, a) : va0, sb ? at.load(d, b) : vb0);
        });
      }
    }
  }
  if constexpr (std::is_same_v<T, U> && simd_type_v<T>) {
    const Full<T> d;
    if constexpr (has_vector2<Op, Full<T>>::value) {
      if ((sa == 0 || sa == 1) && (sb == 0 || sb == 1)) {
        const auto va0 = hn::Set(d, a[0]), vb0 = hn::Set(d, b[0]);
        // Copies: references would be reloaded per vector.
        const auto load_a = [=](const auto& at) MUNA_ALWAYS_INLINE { return sa ? at.load(d, a) : va0; };
        const auto load_b = [=](const auto& at) MUNA_ALWAYS_INLINE { return sb ? at.load(d, b) : vb0; };
        return for_each_vector_guarded(
            d, count,
            [=](const auto& at) MUNA_ALWAYS_INLINE {
              auto valid = hn::FirstN(d, 0);
              at.store(d, Op::vector(d, load_a(at), load_b(at), valid), out);
              return at.valid_or_outside(valid);
            },
            [=](const auto& at) { at.store(d, Op::simd(d, load_a(at), load_b(at)), out); });
      }
    } else if constexpr (has_simd2<Op, Full<T>>::value) {
      if (sa == 1 && sb == 1)
        return for_each_vector(d, count, [&](const auto& at) {
          at.store(d, Op::simd(d, at.load(d, a), at.load(d, b)), out);
        });
      if ((sa == 0 || sa == 1) && (sb == 0 || sb == 1)) {
        const auto va0 = hn::Set(d, a[0]), vb0 = hn::Set(d, b[0]);
        return for_each_vector(d, count, [&](const auto& at) {
          at.store(d, Op::simd(d, sa ? at.load(d, a) : va0, sb ? at.load(d, b) : vb0), out);
        });
      }
    }
  }
  for (int64_t i = 0; i < n; ++i) out[i] = Op::scalar(a[i * sa], b[i * sb]);
}

}  // namespace muna::kernels
