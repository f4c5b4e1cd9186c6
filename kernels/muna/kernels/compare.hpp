// Comparison, extremum, logical and bitwise functors for the element-wise map.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// Comparisons give bool; `test` is the SIMD form for the map's predicate path. Highway's Ne is
// an ordered compare on x86 (false for NaN), so "not equal" and "nonzero" are Not(Eq(...)), true
// for NaN as in C and NumPy.
template <class D, class V>
HWY_INLINE hn::Mask<D> nonzero(D d, V a) { return hn::Not(hn::Eq(a, hn::Zero(d))); }
// Highway 1.0.3 has Le/Ge for floats only; for integers they are the negated Gt/Lt.
template <class D, class V>
HWY_INLINE hn::Mask<D> less_equal(V a, V b) {
  if constexpr (hwy::IsFloat<hn::TFromD<D>>()) return hn::Le(a, b);
  else return hn::Not(hn::Gt(a, b));
}

struct Equal {
  template <class T> static bool scalar(T a, T b) { return a == b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return hn::Eq(a, b); }
};
struct NotEqual {
  template <class T> static bool scalar(T a, T b) { return a != b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return hn::Not(hn::Eq(a, b)); }
};
struct Less {
  template <class T> static bool scalar(T a, T b) { return a < b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return hn::Lt(a, b); }
};
struct LessEqual {
  template <class T> static bool scalar(T a, T b) { return a <= b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return less_equal<D>(a, b); }
};
struct Greater {
  template <class T> static bool scalar(T a, T b) { return a > b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return hn::Gt(a, b); }
};
struct GreaterEqual {
  template <class T> static bool scalar(T a, T b) { return a >= b; }
  template <class D, class V> static hn::Mask<D> test(D, V a, V b) { return less_equal<D>(b, a); }
};

// numpy.maximum / numpy.minimum propagate NaN (either operand NaN gives that NaN). On a tie
// (0.0 and -0.0) NumPy gives the second operand, as x86's max/min instructions (Highway's
// Max/Min) do, so the scalar tail does too.
struct Maximum {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return a > b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(a), a, hn::IfThenElse(hn::IsNaN(b), b, hn::Max(a, b)));
  }
};
struct Minimum {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return a < b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(a), a, hn::IfThenElse(hn::IsNaN(b), b, hn::Min(a, b)));
  }
};
// numpy.fmax / numpy.fmin ignore a NaN operand (NaN only when both are NaN); a tie gives the
// second operand, as NumPy's.
struct Fmax {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(b)) return a;
      if (std::isnan(a)) return b;
    }
    return a > b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(b), a, hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::Gt(a, b), a, b)));
  }
};
struct Fmin {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(b)) return a;
      if (std::isnan(a)) return b;
    }
    return a < b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(b), a, hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::Lt(a, b), a, b)));
  }
};

struct LogicalAnd {
  template <class T> static bool scalar(T a, T b) { return a != T(0) && b != T(0); }
  template <class D, class V> static hn::Mask<D> test(D d, V a, V b) { return hn::And(nonzero(d, a), nonzero(d, b)); }
};
struct LogicalOr {
  template <class T> static bool scalar(T a, T b) { return a != T(0) || b != T(0); }
  template <class D, class V> static hn::Mask<D> test(D d, V a, V b) { return hn::Or(nonzero(d, a), nonzero(d, b)); }
};
struct LogicalXor {
  template <class T> static bool scalar(T a, T b) { return (a != T(0)) != (b != T(0)); }
  template <class D, class V> static hn::Mask<D> test(D d, V a, V b) { return hn::Xor(nonzero(d, a), nonzero(d, b)); }
};
struct LogicalNot {
  template <class T> static bool scalar(T a) { return !(a != T(0)); }
  template <class D, class V> static hn::Mask<D> test(D d, V a) { return hn::Eq(a, hn::Zero(d)); }
};

struct BitwiseAnd {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a & b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::And(a, b); }
};
struct BitwiseOr {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a | b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Or(a, b); }
};
struct BitwiseXor {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a ^ b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Xor(a, b); }
};
struct Invert {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_same_v<T, bool>) return !a;
    else return static_cast<T>(~a);
  }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a) { return hn::Not(a); }
};
// Shifts by at least the bit width give 0 (left) or the sign fill (right), as NumPy defines them
// (C leaves them undefined).
// The SIMD forms (variable shifts, 32 and 64 bits) make the same rules with a mask of the
// counts in [0, bits).
namespace detail {
template <class D, class V>
HWY_INLINE auto shift_in_range(D d, V b) {
  using T = hn::TFromD<D>;
  const hn::RebindToUnsigned<D> du;  // negative counts are huge unsigned ones
  return hn::RebindMask(d, hn::Lt(hn::BitCast(du, b), hn::Set(du, sizeof(T) * 8)));
}
template <class T>
using wide_int = std::enable_if_t<!hwy::IsFloat<T>() && sizeof(T) >= 4>;
}  // namespace detail
struct LeftShift {
  template <class T> static T scalar(T a, T b) {
    using U = std::make_unsigned_t<T>;
    if (b < 0 || b >= static_cast<T>(sizeof(T) * 8)) return 0;
    return static_cast<T>(static_cast<U>(a) << b);
  }
  template <class D, class V, class = detail::wide_int<hn::TFromD<D>>>
  static V simd(D d, V a, V b) {
    const auto ok = detail::shift_in_range(d, b);
    return hn::IfThenElseZero(ok, hn::operator<<(a, hn::IfThenElseZero(ok, b)));
  }
};
struct RightShift {
  template <class T> static T scalar(T a, T b) {
    if (b < 0 || b >= static_cast<T>(sizeof(T) * 8)) return a < 0 ? T(-1) : T(0);
    return static_cast<T>(a >> b);
  }
  // Out-of-range counts shift by bits - 1: the sign fill for signed types; 0 for unsigned ones
  // comes from the mask.
  template <class D, class V, class = detail::wide_int<hn::TFromD<D>>>
  static V simd(D d, V a, V b) {
    using T = hn::TFromD<D>;
    const auto ok = detail::shift_in_range(d, b);
    const V shifted = hn::operator>>(a, hn::IfThenElse(ok, b, hn::Set(d, T(sizeof(T) * 8 - 1))));
    if constexpr (std::is_signed_v<T>) return shifted;
    else return hn::IfThenElseZero(ok, shifted);
  }
};

struct IsNan {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isnan(a);
    else return false;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static hn::Mask<D> test(D, V a) { return hn::IsNaN(a); }
};
struct IsInf {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isinf(a);
    else return false;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static hn::Mask<D> test(D, V a) { return hn::IsInf(a); }
};
struct IsFinite {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isfinite(a);
    else return true;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static hn::Mask<D> test(D, V a) { return hn::IsFinite(a); }
};
struct Signbit {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::signbit(a);
    else if constexpr (std::is_signed_v<T>) return a < 0;
    else return false;
  }
  // The sign bit itself (set for -0.0 and negative NaN): a negative integer of the same bits.
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static hn::Mask<D> test(D d, V a) {
    const hn::RebindToSigned<D> di;
    return hn::RebindMask(d, hn::Lt(hn::BitCast(di, a), hn::Zero(di)));
  }
};

}  // namespace muna::kernels
