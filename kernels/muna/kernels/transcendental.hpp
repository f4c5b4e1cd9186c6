// Vectorised transcendental functions: Highway's contrib/math inside each function's documented
// valid range, libm (the scalar form, what NumPy's scalar loops call) for any vector holding a
// lane outside it. Highway's forms are only specified on those ranges: they get NaN, infinities,
// subnormals and huge arguments wrong, which the fallback makes right.
#pragma once
#include <cmath>
#include <limits>
#include <type_traits>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/simd.hpp>

namespace muna::kernels {

namespace detail {
template <class D>
using float_only = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>;

// The vector form where every lane satisfies `valid`, the scalar form lane by lane otherwise.
template <class Op, class D, class V, class M, class F>
HWY_INLINE V guarded(D d, V x, M valid, F vector_form) {
  if (HWY_LIKELY(hn::AllTrue(d, valid))) return vector_form(x);
  using T = hn::TFromD<D>;
  HWY_ALIGN T lanes[HWY_MAX_BYTES / sizeof(T)];
  hn::Store(x, d, lanes);
  for (size_t i = 0; i < hn::Lanes(d); ++i) lanes[i] = Op::scalar(lanes[i]);
  return hn::Load(d, lanes);
}

template <class D, class V>
HWY_INLINE auto in_range(D d, V x, double lo, double hi) {
  using T = hn::TFromD<D>;
  return hn::And(hn::Ge(x, hn::Set(d, static_cast<T>(lo))), hn::Le(x, hn::Set(d, static_cast<T>(hi))));
}
template <class T>
constexpr double max_finite = static_cast<double>(std::numeric_limits<T>::max());
template <class T>
constexpr double min_normal = static_cast<double>(std::numeric_limits<T>::min());
// exp(x) is a normal, finite number: below, results are subnormal; above, they overflow.
template <class T>
constexpr double exp_lo = std::is_same_v<T, float> ? -87.0 : -708.0;
template <class T>
constexpr double exp_hi = std::is_same_v<T, float> ? 88.0 : 709.0;
}  // namespace detail

#define MUNA_GUARDED_UNARY(Name, libm, hwy_fn, lo, hi)                                         \
  struct Name {                                                                                \
    template <class T> static T scalar(T x) { return libm(x); }                                \
    template <class D, class V, class = detail::float_only<D>>                                 \
    static V simd(D d, V x) {                                                                  \
      using T = hn::TFromD<D>;                                                                 \
      (void)sizeof(T);                                                                         \
      return detail::guarded<Name>(d, x, detail::in_range(d, x, lo, hi),                       \
                                   [d](V v) { return hwy_fn(d, v); });                         \
    }                                                                                          \
  };

// Ranges: Highway's documented valid ranges (hwy/contrib/math/math-inl.h), narrowed to where
// results are normal numbers.
MUNA_GUARDED_UNARY(Exp, std::exp, hn::Exp, detail::exp_lo<T>, detail::exp_hi<T>)
MUNA_GUARDED_UNARY(Expm1, std::expm1, hn::Expm1, detail::exp_lo<T>, detail::exp_hi<T>)
MUNA_GUARDED_UNARY(Log, std::log, hn::Log, detail::min_normal<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Log2, std::log2, hn::Log2, detail::min_normal<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Log10, std::log10, hn::Log10, detail::min_normal<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Log1p, std::log1p, hn::Log1p, 0.0, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Sin, std::sin, hn::Sin, -39000.0, 39000.0)
MUNA_GUARDED_UNARY(Cos, std::cos, hn::Cos, -39000.0, 39000.0)
MUNA_GUARDED_UNARY(Arcsin, std::asin, hn::Asin, -1.0, 1.0)
MUNA_GUARDED_UNARY(Arccos, std::acos, hn::Acos, -1.0, 1.0)
MUNA_GUARDED_UNARY(Arctan, std::atan, hn::Atan, -detail::max_finite<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Sinh, std::sinh, hn::Sinh, -88.0, 88.0)
MUNA_GUARDED_UNARY(Tanh, std::tanh, hn::Tanh, -detail::max_finite<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Arcsinh, std::asinh, hn::Asinh, -detail::max_finite<T>, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Arccosh, std::acosh, hn::Acosh, 1.0, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Arctanh, std::atanh, hn::Atanh, -0.9999999, 0.9999999)
#undef MUNA_GUARDED_UNARY

// No Highway form in 1.0.3: libm, as NumPy's own loops for these call it.
struct Exp2 { template <class T> static T scalar(T x) { return std::exp2(x); } };
struct Cbrt { template <class T> static T scalar(T x) { return std::cbrt(x); } };
struct Tan { template <class T> static T scalar(T x) { return std::tan(x); } };
struct Cosh { template <class T> static T scalar(T x) { return std::cosh(x); } };
struct Arctan2 { template <class T> static T scalar(T y, T x) { return std::atan2(y, x); } };
struct Hypot { template <class T> static T scalar(T a, T b) { return std::hypot(a, b); } };
struct Copysign { template <class T> static T scalar(T a, T b) { return std::copysign(a, b); } };
// numpy.heaviside(x, h0): 0 for x < 0, h0 at 0, 1 for x > 0, NaN for NaN.
struct Heaviside {
  template <class T> static T scalar(T x, T h0) {
    if (std::isnan(x)) return x;
    return x < 0 ? T(0) : x > 0 ? T(1) : h0;
  }
};

struct Sqrt {
  template <class T> static T scalar(T x) { return std::sqrt(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D, V x) { return hn::Sqrt(x); }
};
// Degrees and radians: one multiplication by NumPy's constant, computed in T as NumPy's
// npy_deg2rad (NPY_PI / 180 in float for float32).
template <class T>
constexpr T deg_to_rad = static_cast<T>(M_PI) / T(180);
template <class T>
constexpr T rad_to_deg = T(180) / static_cast<T>(M_PI);
struct Deg2rad {
  template <class T> static T scalar(T x) { return x * deg_to_rad<T>; }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) { return hn::Mul(x, hn::Set(d, deg_to_rad<hn::TFromD<D>>)); }
};
struct Rad2deg {
  template <class T> static T scalar(T x) { return x * rad_to_deg<T>; }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) { return hn::Mul(x, hn::Set(d, rad_to_deg<hn::TFromD<D>>)); }
};

// Rounding: SSE4/AVX round instructions, exact like libm's.
struct Floor {
  template <class T> static T scalar(T x) { return std::floor(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D, V x) { return hn::Floor(x); }
};
struct Ceil {
  template <class T> static T scalar(T x) { return std::ceil(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D, V x) { return hn::Ceil(x); }
};
struct Trunc {
  template <class T> static T scalar(T x) { return std::trunc(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D, V x) { return hn::Trunc(x); }
};
// Round half to even (the default rounding mode), as numpy.rint.
struct Rint {
  template <class T> static T scalar(T x) { return std::nearbyint(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D, V x) { return hn::Round(x); }
};

// numpy.power: libm's pow for floats; exponentiation by squaring (wrapping) for integers, where
// a negative exponent is an error as in NumPy.
struct Power {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      return std::pow(a, b);
    } else if constexpr (std::is_same_v<T, bool>) {
      return a || !b;
    } else {
      if constexpr (std::is_signed_v<T>)
        if (b < 0) throw_negative_power();
      using U = std::make_unsigned_t<T>;
      U result = 1, base = static_cast<U>(a);
      for (auto e = b; e > 0; e >>= 1) {
        if (e & 1) result = static_cast<U>(result * base);
        base = static_cast<U>(base * base);
      }
      return static_cast<T>(result);
    }
  }
  [[noreturn]] static void throw_negative_power();
};

}  // namespace muna::kernels

#include <muna/core/error.hpp>
inline void muna::kernels::Power::throw_negative_power() {
  throw ValueError("Integers to negative integer powers are not allowed.");
}
