// Arithmetic functors for the element-wise map: a scalar form with NumPy's semantics for every
// dtype and, where Highway has the instruction for the type, a SIMD form.
//
// Integer arithmetic wraps modulo 2^bits as NumPy's does; the scalar forms compute it in the
// unsigned type so the wrap is defined behaviour in C++ too.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/core/dtype.hpp>
#include <muna/kernels/simd.hpp>
#include <muna/kernels/transcendental.hpp>  // detail::Guarded, detail::via_double

namespace muna::kernels {

namespace detail {
template <class T, bool = std::is_integral_v<T> && !std::is_same_v<T, bool>>
struct wrap { using type = T; };
template <class T>
struct wrap<T, true> { using type = std::make_unsigned_t<T>; };
template <class T>
using wrap_t = typename wrap<T>::type;
template <class T>
constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
}  // namespace detail

struct Add {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a || b;  // NumPy's bool add is logical or
    else return static_cast<T>(static_cast<detail::wrap_t<T>>(a) + static_cast<detail::wrap_t<T>>(b));
  }
  template <class D, class V> static V simd(D, V a, V b) { return hn::Add(a, b); }
};
struct Subtract {
  template <class T> static T scalar(T a, T b) {
    return static_cast<T>(static_cast<detail::wrap_t<T>>(a) - static_cast<detail::wrap_t<T>>(b));
  }
  template <class D, class V> static V simd(D, V a, V b) { return hn::Sub(a, b); }
};
struct Multiply {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else return static_cast<T>(static_cast<detail::wrap_t<T>>(a) * static_cast<detail::wrap_t<T>>(b));
  }
  // Highway 1.0.3 multiplies 64-bit integers only on some targets: floats and int32 here.
  template <class D, class V, class T = hn::TFromD<D>,
            class = std::enable_if_t<hwy::IsFloat<T>() || sizeof(T) == 4>>
  static V simd(D, V a, V b) { return hn::Mul(a, b); }
};
// Only reached with floating operands: the compiler converts integers first (true division).
struct Divide {
  template <class T> static T scalar(T a, T b) { return a / b; }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Div(a, b); }
};
struct Negative {
  template <class T> static T scalar(T a) {
    return static_cast<T>(detail::wrap_t<T>(0) - static_cast<detail::wrap_t<T>>(a));
  }
  template <class D, class V> static V simd(D, V a) { return hn::Neg(a); }
};
struct Positive {
  template <class T> static T scalar(T a) { return a; }
  template <class D, class V> static V simd(D, V a) { return a; }
};
struct Absolute {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::fabs(a);
    else if constexpr (std::is_unsigned_v<T>) return a;
    else return a < 0 ? Negative::scalar(a) : a;  // abs(INT_MIN) wraps to INT_MIN, as NumPy
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a) { return hn::Abs(a); }
};
struct Square {
  template <class T> static T scalar(T a) { return Multiply::scalar(a, a); }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a) { return hn::Mul(a, a); }
};
// numpy.reciprocal: 1/x; for integers NumPy computes 1.0 / x in double and converts back (so
// 1/0 = inf converts as astype does: the minimum of the conversion register).
struct Reciprocal {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_same_v<T, bool>) return true;
    else if constexpr (detail::is_int_v<T>) return convert_element<T>(1.0 / static_cast<double>(a));
    else return T(1) / a;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D d, V a) { return hn::Div(hn::Set(d, 1), a); }
};
// numpy.sign: -1, 0, 1; NaN for NaN.
struct Sign {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      return a > 0 ? T(1) : a < 0 ? T(-1) : T(0);
    } else if constexpr (std::is_unsigned_v<T>) {
      return a > 0 ? T(1) : T(0);
    } else {
      return a > 0 ? T(1) : a < 0 ? T(-1) : T(0);
    }
  }
  template <class D, class V>
  static V simd(D d, V a) {
    const V zero = hn::Zero(d);
    const V sign = hn::IfThenElse(hn::Gt(a, zero), hn::Set(d, 1), hn::IfThenElseZero(hn::Lt(a, zero), hn::Set(d, -1)));
    if constexpr (hwy::IsFloat<hn::TFromD<D>>()) return hn::IfThenElse(hn::IsNaN(a), a, sign);
    else return sign;
  }
};

// Floats: NumPy's npy_divmod (numpy/core/src/npymath/npy_math_internal.h.src), step for step,
// so quotient and remainder round exactly as NumPy's do.
template <class T>
T float_divmod(T a, T b, T* modulus) {
  T mod = std::fmod(a, b);
  if (!b) {
    *modulus = mod;
    return a / b;
  }
  T div = (a - mod) / b;
  if (mod) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= T(1);
    }
  } else {
    mod = std::copysign(T(0), b);
  }
  T floordiv;
  if (div) {
    floordiv = std::floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
  } else {
    floordiv = std::copysign(T(0), a / b);
  }
  *modulus = mod;
  return floordiv;
}

namespace detail {

// Lanes the float32 vector forms of fmod/divmod take: b finite and nonzero, a finite and
// |a| < 2^29 |b| (2^29 |b| is exact or overflows to inf; 0 for b = 0 and NaN operands fail the
// comparison). The others (x % 0, infinities, NaN, huge quotients) go to the scalar form.
template <class D, class V>
HWY_INLINE auto fmod_in_range(D d, V a, V b) {
  return hn::And(hn::IsFinite(b), hn::Lt(hn::Abs(a), hn::Mul(hn::Abs(b), hn::Set(d, 536870912.0f))));
}

// fmod(a, b) of float32 operands (promoted to double), exact, in fmod_in_range:
// q = trunc(|a| / |b|) in double is the exact truncated quotient n, so no correction step is
// needed. If ulp(a) < ulp(b), |a| < |b| and the quotient is at most 1 - 2^-24: q = 0. Otherwise
// |a| - n |b| is a multiple of ulp(b), so a non-integer quotient lies more than
// ulp(b) / |b| > 2^-24 from any integer, while rounding a quotient below 2^29 to double moves it
// by at most 2^-25 (an integer quotient is exact). q has at most 29 significant bits and |b| 24,
// so q |b| is exact in double, and |a| - q |b| is fmod's magnitude, a float32 number, so the
// subtraction is exact too (fused into an FMA or not). Beyond 2^29 the rounded quotient can be
// n + 1 (tests/numpy/test_divmod_exact.py builds such operands). fmod takes a's sign, zeros
// included.
template <class DD, class VD>
HWY_INLINE VD fmod_exact(DD, VD a, VD b) {
  const VD ma = hn::Abs(a), mb = hn::Abs(b);
  const VD q = hn::Trunc(hn::Div(ma, mb));
  return hn::CopySign(hn::Sub(ma, hn::Mul(q, mb)), a);
}
template <class D, class V>
HWY_INLINE V fmod_f32(D d, V a, V b) {
  return via_double(d, [](auto dd, auto x, auto y) { return fmod_exact(dd, x, y); }, a, b);
}

// float_divmod for float32 lanes in fmod_in_range: the same float32 operations in the same
// order (no products, so nothing for a compiler to fuse), on an exact fmod.
template <class D, class V>
HWY_INLINE V float_divmod(D d, V a, V b, V* modulus) {
  const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
  const V mod = fmod_f32(d, a, b);
  const V div = hn::Div(hn::Sub(a, mod), b);
  const auto nonzero = hn::Ne(mod, zero);
  // (b < 0) != (mod < 0), where mod != 0 (b != 0 here)
  const auto fix = hn::And(nonzero, hn::Xor(hn::Lt(b, zero), hn::Lt(mod, zero)));
  *modulus = hn::IfThenElse(nonzero, hn::IfThenElse(fix, hn::Add(mod, b), mod),
                            hn::CopySign(zero, b));
  const V d1 = hn::IfThenElse(fix, hn::Sub(div, one), div);
  V floordiv = hn::Floor(d1);
  floordiv = hn::IfThenElse(hn::Gt(hn::Sub(d1, floordiv), hn::Set(d, 0.5f)),
                            hn::Add(floordiv, one), floordiv);
  // copysign(0, a / b): a / b is finite here, its sign that of a xor b's
  const V zero_of_quotient = hn::And(hn::Xor(a, b), hn::SignBit(d));
  return hn::IfThenElse(hn::Ne(d1, zero), floordiv, zero_of_quotient);
}
}  // namespace detail

// numpy.floor_divide: Python's floor division; integer division by zero gives 0 (NumPy warns),
// and MIN // -1 wraps to MIN.
struct FloorDivide : detail::Guarded<FloorDivide> {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (!b) return a / b;
      T mod;
      return float_divmod(a, b, &mod);
    } else if constexpr (std::is_same_v<T, bool>) {
      return b ? a : false;
    } else {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return Negative::scalar(a);
        T q = static_cast<T>(a / b);
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
      } else {
        return static_cast<T>(a / b);
      }
    }
  }
  // float32 only: float64 would need its quotient wider than double, and integers stay scalar.
  template <class D, class V, class = detail::float32_only<D>>
  HWY_INLINE static V vector(D d, V a, V b, hn::Mask<D>& valid) {
    valid = detail::fmod_in_range(d, a, b);
    V mod;
    return detail::float_divmod(d, a, b, &mod);
  }
};
// numpy.remainder (numpy.mod, %): the result has the sign of the divisor; x % 0 is 0 for
// integers and NaN for floats.
struct Remainder : detail::Guarded<Remainder> {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (!b) return std::fmod(a, b);
      T mod;
      float_divmod(a, b, &mod);
      return mod;
    } else if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return 0;
        T r = static_cast<T>(a % b);
        if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
        return r;
      } else {
        return static_cast<T>(a % b);
      }
    }
  }
  // float32 only, as FloorDivide's.
  template <class D, class V, class = detail::float32_only<D>>
  HWY_INLINE static V vector(D d, V a, V b, hn::Mask<D>& valid) {
    valid = detail::fmod_in_range(d, a, b);
    V mod;
    detail::float_divmod(d, a, b, &mod);
    return mod;
  }
};
// numpy.fmod: C's remainder, the sign of the dividend; integer x fmod 0 is 0.
struct Fmod : detail::Guarded<Fmod> {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      return std::fmod(a, b);
    } else if constexpr (std::is_same_v<T, bool>) {
      return false;
    } else {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) if (b == T(-1)) return 0;
      return static_cast<T>(a % b);
    }
  }
  // float32 only, as FloorDivide's.
  template <class D, class V, class = detail::float32_only<D>>
  HWY_INLINE static V vector(D d, V a, V b, hn::Mask<D>& valid) {
    valid = detail::fmod_in_range(d, a, b);
    return detail::fmod_f32(d, a, b);
  }
};

}  // namespace muna::kernels
