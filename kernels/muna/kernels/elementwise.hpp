// The one generic element-wise map every unary and binary op runs through.
//
// An op is a functor with `static U scalar(T...)`, and optionally
// `template <class D, class V> static V simd(D, V...)` where the op is vectorisable for T.
// Contiguous runs use the SIMD form; the loop tail uses the same SIMD form on a masked vector
// (FirstN + MaskedLoad + BlendedStore), so every element of a run gets bit-identical
// arithmetic whatever its position. Strided runs use the scalar form.
#pragma once
#include <cstdint>
#include <type_traits>

#include <muna/kernels/simd.hpp>

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

// out[i] = Op(in[i * step]) for i < n.
template <class Op, class T, class U>
void map_unary(int64_t n, const T* in, int64_t step, U* out) {
  if constexpr (std::is_same_v<T, U> && simd_type_v<T>) {
    using D = Full<T>;
    if constexpr (has_simd<Op, D>::value) {
      if (step == 1) {
        const D d;
        const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
        int64_t i = 0;
        for (; i + lanes <= n; i += lanes) hn::StoreU(Op::simd(d, hn::LoadU(d, in + i)), d, out + i);
        if (i < n) {
          const auto mask = hn::FirstN(d, static_cast<size_t>(n - i));
          hn::BlendedStore(Op::simd(d, hn::MaskedLoad(mask, d, in + i)), mask, d, out + i);
        }
        return;
      }
    }
  }
  for (int64_t i = 0; i < n; ++i) out[i] = Op::scalar(in[i * step]);
}

// out[i] = Op(a[i * sa], b[i * sb]) for i < n; a step of 0 broadcasts one element.
template <class Op, class T, class U>
void map_binary(int64_t n, const T* a, int64_t sa, const T* b, int64_t sb, U* out) {
  if constexpr (std::is_same_v<T, U> && simd_type_v<T>) {
    using D = Full<T>;
    if constexpr (has_simd2<Op, D>::value) {
      if ((sa == 0 || sa == 1) && (sb == 0 || sb == 1)) {
        const D d;
        const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
        const auto va0 = hn::Set(d, a[0]);
        const auto vb0 = hn::Set(d, b[0]);
        int64_t i = 0;
        for (; i + lanes <= n; i += lanes) {
          const auto va = sa ? hn::LoadU(d, a + i) : va0;
          const auto vb = sb ? hn::LoadU(d, b + i) : vb0;
          hn::StoreU(Op::simd(d, va, vb), d, out + i);
        }
        if (i < n) {
          const auto mask = hn::FirstN(d, static_cast<size_t>(n - i));
          const auto va = sa ? hn::MaskedLoad(mask, d, a + i) : va0;
          const auto vb = sb ? hn::MaskedLoad(mask, d, b + i) : vb0;
          hn::BlendedStore(Op::simd(d, va, vb), mask, d, out + i);
        }
        return;
      }
    }
  }
  for (int64_t i = 0; i < n; ++i) out[i] = Op::scalar(a[i * sa], b[i * sb]);
}

}  // namespace muna::kernels
