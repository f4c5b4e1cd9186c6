// Vectorised transcendental functions: Highway's contrib/math inside each function's documented
// valid range, libm (the scalar form, what NumPy's scalar loops call) for any vector holding a
// lane outside it. Highway's forms are only specified on those ranges: they get NaN, infinities,
// subnormals and huge arguments wrong, which the fallback makes right.
#pragma once
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/log_f32.hpp>
#include <muna/kernels/simd.hpp>

namespace muna::kernels {

namespace detail {
template <class D>
using float_only = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>;

template <class Op, class T, size_t N, size_t... I>
HWY_INLINE T scalar_lane(const T (&in)[sizeof...(I)][N], size_t i, std::index_sequence<I...>) {
  return Op::scalar(in[I][i]...);
}

// Guarded functions: Op::vector(d, x..., valid) returns the vector form and sets `valid` to the
// lanes where it holds (inside the function's range); Op::scalar (libm) is right everywhere.
// checked<Op> is the vector form where every lane is valid and the scalar form lane by lane
// otherwise. The element-wise loop does not call it per vector: it runs Op::vector over blocks
// and redoes only the blocks with an invalid lane (elementwise.hpp).
template <class Op, class D, class V, class... Vs>
HWY_INLINE V checked(D d, V x, Vs... rest) {
  auto valid = hn::FirstN(d, 0);
  const V r = Op::vector(d, x, rest..., valid);
  if (HWY_LIKELY(hn::AllTrue(d, valid))) return r;
  using T = hn::TFromD<D>;
  constexpr size_t kMax = HWY_MAX_BYTES / sizeof(T);
  HWY_ALIGN T in[1 + sizeof...(Vs)][kMax];
  size_t k = 0;
  hn::Store(x, d, in[k++]);
  (hn::Store(rest, d, in[k++]), ...);
  for (size_t i = 0; i < hn::Lanes(d); ++i)
    in[0][i] = scalar_lane<Op>(in, i, std::make_index_sequence<1 + sizeof...(Vs)>());
  return hn::Load(d, in[0]);
}

// A guarded function's `simd` (what has_simd and other callers see), for the arities its
// `vector` takes.
// (O = Op defers the lookup of Op::vector until Op is complete.)
template <class Op>
struct Guarded {
  template <class D, class V, class O = Op, class = decltype(O::vector(D(), V(), std::declval<hn::Mask<D>&>()))>
  static V simd(D d, V x) { return checked<O>(d, x); }
  template <class D, class V, class O = Op,
            class = decltype(O::vector(D(), V(), V(), std::declval<hn::Mask<D>&>()))>
  static V simd(D d, V x, V y) { return checked<O>(d, x, y); }
};

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

// x is a positive normal number, for float32 in one unsigned comparison of its bits (below the
// smallest normal, the subtraction wraps around; NaN, infinities and negative numbers are above).
template <class D, class V>
HWY_INLINE auto positive_normal(D d, V x) {
  using T = hn::TFromD<D>;
  if constexpr (sizeof(T) == 4) {
    const hn::RebindToUnsigned<D> du;
    return hn::RebindMask(d, hn::Lt(hn::Sub(hn::BitCast(du, x), hn::Set(du, 0x00800000u)), hn::Set(du, 0x7f000000u)));
  } else {
    return in_range(d, x, min_normal<T>, max_finite<T>);
  }
}
}  // namespace detail

// Logarithms: log_f32.hpp's table form for float32 vectors of 8 or 16 lanes, Highway's otherwise;
// libm for what is not a positive normal number.
#define MUNA_LOGARITHM(Name, libm, Base, hwy_fn)                                              \
  struct Name : detail::Guarded<Name> {                                                       \
    template <class T> static T scalar(T x) { return libm(x); }                               \
    template <class D, class V, class = detail::float_only<D>>                                \
    HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {                                \
      valid = detail::positive_normal(d, x);                                                  \
      if constexpr (detail::log_f32_fits<D>) return detail::log_f32<detail::Base>(d, x);      \
      else return hwy_fn(d, x);                                                               \
    }                                                                                         \
  };
MUNA_LOGARITHM(Log, std::log, LogBaseE, hn::Log)
MUNA_LOGARITHM(Log2, std::log2, LogBase2, hn::Log2)
MUNA_LOGARITHM(Log10, std::log10, LogBase10, hn::Log10)
#undef MUNA_LOGARITHM

#define MUNA_GUARDED_UNARY(Name, libm, hwy_fn, lo, hi)                                         \
  struct Name : detail::Guarded<Name> {                                                        \
    template <class T> static T scalar(T x) { return libm(x); }                                \
    template <class D, class V, class = detail::float_only<D>>                                 \
    HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {                                 \
      using T = hn::TFromD<D>;                                                                 \
      (void)sizeof(T);                                                                         \
      valid = detail::in_range(d, x, lo, hi);                                                  \
      return hwy_fn(d, x);                                                                     \
    }                                                                                          \
  };

// Ranges: Highway's documented valid ranges (hwy/contrib/math/math-inl.h), narrowed to where
// results are normal numbers.
MUNA_GUARDED_UNARY(Exp, std::exp, hn::Exp, detail::exp_lo<T>, detail::exp_hi<T>)
MUNA_GUARDED_UNARY(Expm1, std::expm1, hn::Expm1, detail::exp_lo<T>, detail::exp_hi<T>)
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

// Functions Highway 1.0.3 has no form of, built here from its pieces (hn::impl's reductions and
// polynomials, hn::Exp, hn::Log, hn::Atan); the same libm fallback outside the ranges given.
namespace detail {
// f(dd, promoted operands...) on float32 vectors, evaluated in double half a vector at a time.
template <class D, class F, class... V>
HWY_INLINE auto via_double(D d, F f, V... v) {
#if HWY_TARGET == HWY_SCALAR
  const hn::Rebind<double, D> dd;
  return hn::DemoteTo(d, f(dd, hn::PromoteTo(dd, v)...));
#else
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  const auto lo = f(dd, hn::PromoteTo(dd, hn::LowerHalf(dh, v))...);
  const auto hi = f(dd, hn::PromoteTo(dd, hn::UpperHalf(dh, v))...);
  return hn::Combine(d, hn::DemoteTo(dh, hi), hn::DemoteTo(dh, lo));
#endif
}

// 2^x = 2^n * e^(r ln 2), n = round(x), r = x - n exact, |r ln 2| <= ln(2)/2: Exp's polynomial.
template <class D, class V>
HWY_INLINE V exp2(D d, V x) {
  using T = hn::TFromD<D>;
  hn::impl::ExpImpl<T> impl;
  const V n = hn::Round(x);
  const auto q = impl.ToInt32(d, n);
  const V t = hn::Mul(hn::Sub(x, n), hn::Set(d, static_cast<T>(0.693147180559945309417232)));
  // n is within the normal exponents (Exp2's guard): one power of two scales.
  return hn::Mul(hn::Add(impl.ExpPoly(d, t), hn::Set(d, T(1))), impl.Pow2I(d, q));
}

// tan(x) = num / den for x = k pi/2 + r, |r| <= pi/4, in double, from tan(r) = r P(z) / Q(z),
// z = r^2: -1/tan(r) for odd k (the odd lanes swap numerator and denominator, so one division
// serves both).
template <class D, class V>
HWY_INLINE void tan_quotient(D d, V r, V k, V p, V q, V& num, V& den) {
  const V rp = hn::Mul(r, p);
  const V half_k = hn::Mul(k, hn::Set(d, 0.5));
  const auto odd = hn::Ne(hn::Floor(half_k), half_k);
  num = hn::IfThenElse(odd, hn::Neg(q), rp);
  den = hn::IfThenElse(odd, rp, q);
}
// To double precision: Cephes' tan rational, tan(r) = r (Q4(z) + z P3(z)) / Q4(z).
template <class D, class V>
HWY_INLINE void tan_fraction(D d, V r, V k, V& num, V& den) {
  static_assert(sizeof(hn::TFromD<D>) == 8, "in double");
  const V z = hn::Mul(r, r);
  const V p = hn::MulAdd(hn::MulAdd(hn::Set(d, -1.30936939181383777646e4), z,
                                    hn::Set(d, 1.15351664838587416140e6)), z,
                         hn::Set(d, -1.79565251976484877988e7));
  const V q = hn::MulAdd(hn::MulAdd(hn::MulAdd(hn::Add(z, hn::Set(d, 1.36812963470692954678e4)), z,
                                               hn::Set(d, -1.32089234440210967447e6)), z,
                                    hn::Set(d, 2.50083801823357915839e7)), z,
                         hn::Set(d, -5.38695755929454629881e7));
  tan_quotient(d, r, k, hn::MulAdd(p, z, q), q, num, den);
}
// To float precision: a (2, 2) rational in z within 2^-35 relative of tan(r) / r for
// |r| <= pi/4 + 0.002 (weighted least squares in double, iterated to minimax-like weights).
template <class D, class V>
HWY_INLINE void tan_fraction_short(D d, V r, V k, V& num, V& den) {
  const V z = hn::Mul(r, r);
  const V p = hn::MulAdd(hn::MulAdd(hn::Set(d, 0.0010752393138980104), z, hn::Set(d, -0.11136266978609077)), z,
                         hn::Set(d, 1.0000000000226241));
  const V q = hn::MulAdd(hn::MulAdd(hn::Set(d, 0.015973886214082984), z, hn::Set(d, -0.44469600142489524)), z,
                         hn::Set(d, 1.0));
  tan_quotient(d, r, k, p, q, num, den);
}

// k = round(x 2/pi) in double.
template <class D, class V>
HWY_INLINE V quadrant(D d, V x) {
  return hn::Round(hn::Mul(x, hn::Set(d, 0.636619772367581343075535)));
}

// tan of double x: x = k pi/2 + r by Highway's 4-part Cody-Waite reduction (that of its Cos).
template <class D, class V>
HWY_INLINE V tan(D d, V x) {
  hn::impl::CosSinImpl<double> impl;
  const V k = quadrant(d, x);
  V num, den;
  tan_fraction(d, impl.CosReduce(d, x, impl.ToInt32(d, k)), k, num, den);
  return hn::Div(num, den);
}

// tan of float32 x (|x| <= 39000, so |k| < 2^15) through double. Three parts of pi/2 of 38 bits
// reduce it: k C_i is exact with or without FMA, and so is x - k C1 (x has 24 significant bits:
// both are multiples of 2^-37 below 1 in magnitude, or it is x itself for k = 0); the sum of
// the parts is pi/2 within 2^-130. The quotient is
// num * (1/den) with 1/den from the float approximate reciprocal of den (14 bits with AVX-512,
// 12 with AVX2), refined by Newton steps in double to 2^-28 or better: two double divisions
// per vector cost as much as all the rest. Within 0.65 ulp of the correctly rounded tan
// (measured over 5e6 floats up to 39000).
template <class D, class V>
HWY_INLINE V tan_f32(D d, V x) {
  const auto fraction = [](auto dd, auto w, auto& num, auto& den) {
    const auto k = quadrant(dd, w);
    auto r = hn::MulAdd(k, hn::Set(dd, -1.5707963267923333), w);
    r = hn::MulAdd(k, hn::Set(dd, -2.5633441515839558e-12), r);
    r = hn::MulAdd(k, hn::Set(dd, -1.0562999066987428e-23), r);
    tan_fraction_short(dd, r, k, num, den);
  };
#if HWY_TARGET == HWY_SCALAR
  return via_double(d, [&](auto dd, auto w) {
    decltype(w) num, den;
    fraction(dd, w, num, den);
    return hn::Div(num, den);
  }, x);
#else
  constexpr int kNewtonSteps = HWY_TARGET <= HWY_AVX3 ? 1 : 2;
  const hn::Half<D> dh;
  const hn::Rebind<double, decltype(dh)> dd;
  hn::Vec<decltype(dd)> num_lo, den_lo, num_hi, den_hi;
  fraction(dd, hn::PromoteTo(dd, hn::LowerHalf(dh, x)), num_lo, den_lo);
  fraction(dd, hn::PromoteTo(dd, hn::UpperHalf(dh, x)), num_hi, den_hi);
  const V y0 = hn::ApproximateReciprocal(hn::Combine(d, hn::DemoteTo(dh, den_hi), hn::DemoteTo(dh, den_lo)));
  const auto quotient = [&](auto num, auto den, auto y0_half) {
    auto y = hn::PromoteTo(dd, y0_half);
    for (int i = 0; i < kNewtonSteps; ++i) y = hn::MulAdd(y, hn::NegMulAdd(den, y, hn::Set(dd, 1.0)), y);
    return hn::DemoteTo(dh, hn::Mul(num, y));
  };
  return hn::Combine(d, quotient(num_hi, den_hi, hn::UpperHalf(dh, y0)),
                     quotient(num_lo, den_lo, hn::LowerHalf(dh, y0)));
#endif
}

// cbrt of |x| (normal, finite): the exponent divided by 3 on the bits for a first guess
// (within ~6 %), then Halley steps y += y (x - y^3) / (2 y^3 + x), each cubing the error.
template <int Steps, class D, class V>
HWY_INLINE V cbrt_halley(D d, V x, V y) {
  for (int i = 0; i < Steps; ++i) {
    const V y3 = hn::Mul(hn::Mul(y, y), y);
    y = hn::MulAdd(y, hn::Div(hn::Sub(x, y3), hn::MulAdd(hn::Set(d, 2), y3, x)), y);
  }
  return y;
}
template <class D, class V>
HWY_INLINE V cbrt_guess(D d, V ax) {
  using T = hn::TFromD<D>;
  const hn::RebindToSigned<D> di;
  using I = hn::TFromD<decltype(di)>;
  const I magic = sizeof(T) == 4 ? I(0x2a5137a0) : static_cast<I>(0x2A9F789300000000ull);
  const V third = hn::Mul(hn::ConvertTo(d, hn::BitCast(di, ax)), hn::Set(d, T(1) / T(3)));
  return hn::BitCast(d, hn::Add(hn::ConvertTo(di, third), hn::Set(di, magic)));
}
// Two Halley steps for float32 (6e-2, 1e-4, 1e-12), three for float64.
template <class D, class V>
HWY_INLINE V cbrt(D d, V x) {
  const V ax = hn::Abs(x);
  const V y = cbrt_halley<sizeof(hn::TFromD<D>) == 4 ? 2 : 3>(d, ax, cbrt_guess(d, ax));
  return hn::CopySignToAbs(y, x);
}

// atan2(y, x) in double (float32 comes through it) = atan(y/x), plus or minus pi (in two
// parts) for x < 0, the sign of y's.
template <class D, class V>
HWY_INLINE V atan2(D d, V y, V x) {
  static_assert(sizeof(hn::TFromD<D>) == 8, "float32 goes through via_double");
  const V a = hn::Atan(d, hn::Div(y, x));
  const V pi_hi = hn::CopySign(hn::Set(d, 3.14159265358979323846), y);
  const V pi_lo = hn::CopySign(hn::Set(d, 1.2246467991473532e-16), y);
  return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Add(hn::Add(a, pi_lo), pi_hi), a);
}

// float32 x^y = e^(y log x) in double (Highway's Log and Exp there): well within float32's
// precision for x > 0 and results that are normal floats; other lanes are garbage.
template <class D, class V>
HWY_INLINE V power_f32(D d, V x, V y) {
  return via_double(d, [](auto dd, auto xs, auto ys) {
    // Clamped so that Exp stays in its range: beyond +-200 the float result is 0 or inf anyway.
    // Promoted floats are never subnormal doubles: Log without its subnormal scaling.
    const auto t = hn::Mul(ys, hn::impl::Log<decltype(dd), decltype(xs), false>(dd, xs));
    return hn::Exp(dd, hn::Min(hn::Max(t, hn::Set(dd, -200.0)), hn::Set(dd, 200.0)));
  }, x, y);
}
}  // namespace detail

// The guarded ranges keep results normal and finite (NaN, infinities, zeros and subnormals go to
// libm): 2^x for x in [min exponent, max exponent]; cosh from Exp's range; tan where Highway's
// reduction for Cos is exact; cbrt of normal numbers below max / 8; atan2 where y/x is a normal number (so
// neither operand is zero, infinite or NaN).
struct Exp2 : detail::Guarded<Exp2> {
  template <class T> static T scalar(T x) { return std::exp2(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    constexpr double lo = std::numeric_limits<T>::min_exponent - 1, hi = std::numeric_limits<T>::max_exponent - 1;
    valid = detail::in_range(d, x, lo, hi);
    return detail::exp2(d, x);
  }
};
struct Cosh : detail::Guarded<Cosh> {
  template <class T> static T scalar(T x) { return std::cosh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    valid = detail::in_range(d, x, -detail::exp_hi<T>, detail::exp_hi<T>);
    const V e = hn::Exp(d, hn::Abs(x));
    const V half = hn::Set(d, T(0.5));
    return hn::MulAdd(half, e, hn::Div(half, e));
  }
};
struct Tan : detail::Guarded<Tan> {
  template <class T> static T scalar(T x) { return std::tan(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    valid = detail::in_range(d, x, -39000.0, 39000.0);
    // float32 through double: the float polynomial and quotient came to 4 ulp.
    if constexpr (sizeof(hn::TFromD<D>) == 4)
      return detail::tan_f32(d, x);
    else
      return detail::tan(d, x);
  }
};
struct Cbrt : detail::Guarded<Cbrt> {
  template <class T> static T scalar(T x) { return std::cbrt(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    // Below max / 8 so that Halley's 2 y^3 + x stays finite.
    valid = detail::in_range(d, hn::Abs(x), detail::min_normal<T>, detail::max_finite<T> / 8);
    return detail::cbrt(d, x);
  }
};
struct Arctan2 : detail::Guarded<Arctan2> {
  template <class T> static T scalar(T y, T x) { return std::atan2(y, x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V y, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    valid = detail::in_range(d, hn::Abs(hn::Div(y, x)), detail::min_normal<T>, detail::max_finite<T>);
    // float32 through the double form: in float, Atan's error and y/x's rounding came to 4 ulp.
    if constexpr (sizeof(T) == 4)
      return detail::via_double(d, [](auto dd, auto p, auto q) { return detail::atan2(dd, p, q); }, y, x);
    else
      return detail::atan2(d, y, x);
  }
};
// float32: glibc's hypotf is (float)sqrt((double)x * x + (double)y * y) for finite x, y; the
// squares are exact in double, so the sum rounds once, fused or not, and the same evaluation in
// vector form is bit-identical to it. Infinities and NaN go to libm. float64 stays on libm.
struct Hypot : detail::Guarded<Hypot> {
  template <class T> static T scalar(T a, T b) { return std::hypot(a, b); }
  template <class D, class V, class = std::enable_if_t<std::is_same_v<hn::TFromD<D>, float>>>
  HWY_INLINE static V vector(D d, V x, V y, hn::Mask<D>& valid) {
    valid = hn::And(hn::IsFinite(x), hn::IsFinite(y));
    return detail::via_double(d, [](auto, auto p, auto q) { return hn::Sqrt(hn::MulAdd(p, p, hn::Mul(q, q))); },
                              x, y);
  }
};
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
struct Power : detail::Guarded<Power> {
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
  // float32 only (float64 stays on libm), the vector form where x is a positive normal number,
  // y is finite and the result a normal number, libm elsewhere (zeros, infinities, NaN,
  // negative bases, overflow and underflow).
  // 512-bit vectors only: at 256 bits (x86-64-v3) the double Log and Exp ran slower than libm.
  template <class D, class V,
            class = std::enable_if_t<std::is_same_v<hn::TFromD<D>, float> && (HWY_MAX_BYTES >= 64)>>
  HWY_INLINE static V vector(D d, V x, V y, hn::Mask<D>& valid) {
    constexpr double big = detail::max_finite<float>, tiny = detail::min_normal<float>;
    const V r = detail::power_f32(d, x, y);
    valid = hn::And(hn::And(detail::in_range(d, x, tiny, big), detail::in_range(d, y, -big, big)),
                    detail::in_range(d, r, tiny, big));
    return r;
  }
  [[noreturn]] static void throw_negative_power();
};

}  // namespace muna::kernels

#include <muna/core/error.hpp>
inline void muna::kernels::Power::throw_negative_power() {
  throw ValueError("Integers to negative integer powers are not allowed.");
}
