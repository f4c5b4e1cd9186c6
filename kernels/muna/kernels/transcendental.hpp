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
#include <muna/kernels/simd.hpp>

namespace muna::kernels {

namespace detail {
template <class D>
using float_only = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>;

template <class Op, class T, size_t N, size_t... I>
HWY_INLINE T scalar_lane(const T (&in)[sizeof...(I)][N], size_t i, std::index_sequence<I...>) {
  return Op::scalar(in[I][i]...);
}

// The vector form where every lane satisfies `valid`, the scalar form lane by lane otherwise.
template <class Op, class D, class M, class F, class V, class... Vs>
HWY_INLINE V guarded(D d, M valid, F vector_form, V x, Vs... rest) {
  if (HWY_LIKELY(hn::AllTrue(d, valid))) return vector_form(x, rest...);
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
      return detail::guarded<Name>(d, detail::in_range(d, x, lo, hi),                          \
                                   [d](V v) { return hwy_fn(d, v); }, x);                      \
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

// tan in double (float32 comes through it): x = q pi/2 + r by Highway's 4-part Cody-Waite
// reduction (that of its Cos), |r| <= pi/4, tan(r) = r + r z P(z)/Q(z), z = r^2 (Cephes' tan
// rational), -1/tan(r) for odd q.
template <class D, class V>
HWY_INLINE V tan(D d, V x) {
  static_assert(sizeof(hn::TFromD<D>) == 8, "float32 goes through via_double");
  hn::impl::CosSinImpl<double> impl;
  const V k = hn::Round(hn::Mul(x, hn::Set(d, 0.636619772367581343075535)));
  const V r = impl.CosReduce(d, x, impl.ToInt32(d, k));
  const V z = hn::Mul(r, r);
  const V p = hn::MulAdd(hn::MulAdd(hn::Set(d, -1.30936939181383777646e4), z,
                                    hn::Set(d, 1.15351664838587416140e6)), z,
                         hn::Set(d, -1.79565251976484877988e7));
  const V den = hn::MulAdd(hn::MulAdd(hn::MulAdd(hn::Add(z, hn::Set(d, 1.36812963470692954678e4)), z,
                                                 hn::Set(d, -1.32089234440210967447e6)), z,
                                      hn::Set(d, 2.50083801823357915839e7)), z,
                           hn::Set(d, -5.38695755929454629881e7));
  const V num = hn::MulAdd(hn::Mul(hn::Mul(p, z), r), hn::Set(d, 1.0), hn::Mul(r, den));
  const V half_k = hn::Mul(k, hn::Set(d, 0.5));
  const auto odd = hn::Ne(hn::Floor(half_k), half_k);
  return hn::IfThenElse(odd, hn::Neg(hn::Div(den, num)), hn::Div(num, den));
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

// float32 sinh(a) and cosh(a) for 0 <= a <= 89, in float: a = n ln2 + r with n = floor(a log2 e), so
// 0 <= r <= ln2 (ln2 in two parts, n ln2_hi exact), then the addition theorems
//   sinh(a) = sinh(n ln2) cosh(r) + cosh(n ln2) sinh(r),  cosh(a) = cosh(n ln2) cosh(r) + sinh(n ln2) sinh(r)
// with cosh(n ln2) +- sinh(n ln2) = 2^(+-n): no division, and every term is >= 0 (r >= 0), so the
// sums do not cancel and their relative error stays that of the terms (n = 0 gives sinh(r) itself:
// tiny a keeps its relative precision). cosh(r) = 1 + z P(z), sinh(r) = r + r z Q(z), z = r^2:
// least squares in z with relative weights at 4000 Chebyshev nodes of [0, 0.6932] (NumPy, against
// mpmath), max relative error 2^-26.4 (cosh) and 2^-29.5 (sinh) over the interval.
template <class D, class V>
HWY_INLINE void sinh_cosh_f32(D d, V a, V& sinh_a, V& cosh_a) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const hn::RebindToSigned<D> di;
  // n = round(a log2 e - 1/2) by the 1.5 * 2^23 shift, whose low bits then hold n (a tie gives
  // r = 0 or ln2, both within the polynomials' interval).
  const V shift = hn::Set(d, 12582912.0f);
  const V k = hn::Add(hn::MulAdd(a, hn::Set(d, 1.44269504088896341f), hn::Set(d, -0.5f)), shift);
  const V n = hn::Sub(k, shift);
  const V r = hn::NegMulAdd(n, hn::Set(d, 1.42860676533018e-06f), hn::NegMulAdd(n, hn::Set(d, 0.693145751953125f), a));
  const V z = hn::Mul(r, r);
  const V p = hn::MulAdd(hn::MulAdd(hn::Set(d, 0.0014117336985160541f), z, hn::Set(d, 0.041660367330114474f)), z,
                         hn::Set(d, 0.5000004909432261f));
  const V q = hn::MulAdd(hn::MulAdd(hn::Set(d, 0.00020096979551967667f), z, hn::Set(d, 0.008332619855539526f)), z,
                         hn::Set(d, 0.16666672330021248f));
  const V s = hn::MulAdd(hn::Mul(r, z), q, r);
  // e^r = 1 + t, e^-r = 1 + t_neg, t = z p + s >= 0, t_neg = z p - s <= 0.
  const V t = hn::MulAdd(z, p, s), t_neg = hn::MulSub(z, p, s);
  // 2^(n-1) and 2^(-n-1): n << 23 added to / subtracted from the bits of 0.5; the second with n at
  // most 64 (2^-65 is already negligible next to 2^(n-1)), so that it stays a normal float.
  const auto n_bits = hn::ShiftLeft<23>(hn::BitCast(di, k));
  const auto half_bits = hn::BitCast(di, hn::Set(d, 0.5f));
  const V up = hn::BitCast(d, hn::Add(half_bits, n_bits));
  const V down = hn::BitCast(d, hn::Sub(half_bits, hn::Min(n_bits, hn::Set(di, 64 << 23))));
  // sinh(a) = up e^r - down e^-r = up + (up t - down e^-r), cosh(a) = up + (down + (up t + down t_neg)):
  // 2^(n-1) added last and exactly once (2^(n-1) +- 2^(-n-1) itself would round for n >= 12), the
  // small parts first. n = 0 takes sinh(r) itself (up + ... would cancel).
  const V down_e_neg = hn::MulAdd(down, t_neg, down);
  sinh_a = hn::IfThenElse(hn::Eq(n, hn::Zero(d)), s, hn::Add(up, hn::MulSub(up, t, down_e_neg)));
  cosh_a = hn::Add(up, hn::Add(down, hn::MulAdd(up, t, hn::Mul(down, t_neg))));
}

// float32 e^y - 1 for 0 <= y <= 19, to about 1 ulp relative (tanh's numerator): y = n ln2 + r,
// n = round(y log2 e), |r| <= ln2 / 2 (ln2 in two parts, n ln2_hi exact), e^r - 1 = r + r^2 P(r),
// then e^y - 1 = 2^n (e^r - 1) + (2^n - 1) in one fused step (2^n - 1 exact). n = 0 keeps the relative
// precision of tiny y. P: least squares with relative weights at 4000 Chebyshev nodes of
// [-0.3467, 0.3467] (NumPy, against mpmath), coefficients rounded to float: max relative error of
// e^r - 1 2^-26.0.
template <class D, class V>
HWY_INLINE V expm1_f32(D d, V y) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const hn::RebindToSigned<D> di;
  // n by the 1.5 * 2^23 shift, whose low bits then hold n.
  const V shift = hn::Set(d, 12582912.0f);
  const V k = hn::MulAdd(y, hn::Set(d, 1.44269504088896341f), shift);
  const V n = hn::Sub(k, shift);
  const V r = hn::NegMulAdd(n, hn::Set(d, 1.42860676533018e-06f), hn::NegMulAdd(n, hn::Set(d, 0.693145751953125f), y));
  V p = hn::MulAdd(hn::Set(d, 0.0013858138117939234f), r, hn::Set(d, 0.00836669746786356f));
  p = hn::MulAdd(p, r, hn::Set(d, 0.041667599231004715f));
  p = hn::MulAdd(p, r, hn::Set(d, 0.16666541993618011f));
  p = hn::MulAdd(p, r, hn::Set(d, 0.4999999701976776f));
  const V em_r = hn::MulAdd(hn::Mul(r, r), p, r);
  const V two_n = hn::BitCast(d, hn::Add(hn::BitCast(di, hn::Set(d, 1.0f)), hn::ShiftLeft<23>(hn::BitCast(di, k))));
  return hn::MulAdd(two_n, em_r, hn::Sub(two_n, hn::Set(d, 1.0f)));
}

// float32 log(y) for normal, finite y > 0 without a division (Highway's Log divides for its
// atanh-series argument; this form ran arcsinh/arccosh 5-8 % faster): y = 2^k m, m in
// [sqrt(1/2), sqrt(2)) on the bits, f = m - 1 (exact), log(1 + f) = f - f^2/2 + f^3 P(f), then
// + k ln2 (ln2 in two parts, k ln2_hi exact). P: least squares with relative weights at 6000
// Chebyshev nodes of [sqrt(1/2) - 1, sqrt(2) - 1] (NumPy, against mpmath), coefficients rounded to
// float: max relative error of log(1 + f) 2^-27.0.
template <class D, class V>
HWY_INLINE V log_f32(D d, V y) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const hn::RebindToSigned<D> di;
  const auto sqrt_half_bits = hn::Set(di, 0x3F3504F3);
  const auto t = hn::Sub(hn::BitCast(di, y), sqrt_half_bits);
  const V k = hn::ConvertTo(d, hn::ShiftRight<23>(t));
  const V f = hn::Sub(hn::BitCast(d, hn::Add(hn::And(t, hn::Set(di, 0x7FFFFF)), sqrt_half_bits)), hn::Set(d, 1.0f));
  V p = hn::MulAdd(hn::Set(d, -0.07362867891788483f), f, hn::Set(d, 0.1262032687664032f));
  p = hn::MulAdd(p, f, hn::Set(d, -0.13202103972434998f));
  p = hn::MulAdd(p, f, hn::Set(d, 0.14227114617824554f));
  p = hn::MulAdd(p, f, hn::Set(d, -0.16621370613574982f));
  p = hn::MulAdd(p, f, hn::Set(d, 0.19999825954437256f));
  p = hn::MulAdd(p, f, hn::Set(d, -0.2500085234642029f));
  p = hn::MulAdd(p, f, hn::Set(d, 0.3333335518836975f));
  const V log_m = hn::MulAdd(hn::Mul(f, f), hn::MulAdd(f, p, hn::Set(d, -0.5f)), f);
  return hn::MulAdd(k, hn::Set(d, 0.693145751953125f), hn::MulAdd(k, hn::Set(d, 1.42860676533018e-06f), log_m));
}

// float32 log1p(u) for finite u >= 0, as Highway's Log1p one log and one division, but without its
// pole test and selects: y = 1 + u rounded, c = u - (y - 1) its rounding error (exact, as y - 1 is),
// log1p(u) = log(y) + c / y (|c / y| <= 2^-24; the second-order term is below 2^-49). Tiny u give
// y = 1, log(y) = 0 and c = u.
template <class D, class V>
HWY_INLINE V log1p_f32(D d, V u) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const V one = hn::Set(d, 1.0f);
  const V y = hn::Add(one, u);
  const V c = hn::Sub(u, hn::Sub(y, one));
  return hn::Add(log_f32(d, y), hn::Div(c, y));
}
}  // namespace detail

// The guarded ranges keep results normal and finite (NaN, infinities, zeros and subnormals go to
// libm): 2^x for x in [min exponent, max exponent]; tan where Highway's
// reduction for Cos is exact; cbrt of normal numbers; atan2 where y/x is a normal number (so
// neither operand is zero, infinite or NaN).
struct Exp2 {
  template <class T> static T scalar(T x) { return std::exp2(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    constexpr double lo = std::numeric_limits<T>::min_exponent - 1, hi = std::numeric_limits<T>::max_exponent - 1;
    return detail::guarded<Exp2>(d, detail::in_range(d, x, lo, hi), [d](V v) { return detail::exp2(d, v); }, x);
  }
};
// float32 sinh and cosh by detail::sinh_cosh_f32, tanh by detail::expm1_f32 (float forms: in double,
// half a vector at a time, they ran 1.4x-2.2x NumPy's time), float64 by Highway's Sinh and Tanh and
// Exp as before. float32 sinh and cosh to |x| <= 89 (sinh(89) = 2.2e38: finite floats; float64 as
// before: sinh to 88, cosh to Exp's range), tanh everywhere finite.
struct Sinh {
  template <class T> static T scalar(T x) { return std::sinh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    constexpr double hi = sizeof(T) == 4 ? 89.0 : 88.0;
    return detail::guarded<Sinh>(d, detail::in_range(d, x, -hi, hi), [d](V v) {
      if constexpr (sizeof(T) == 4) {
        V sh, ch;
        detail::sinh_cosh_f32(d, hn::Abs(v), sh, ch);
        return hn::CopySignToAbs(sh, v);
      } else {
        return hn::Sinh(d, v);
      }
    }, x);
  }
};
struct Cosh {
  template <class T> static T scalar(T x) { return std::cosh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    constexpr double hi = sizeof(T) == 4 ? 89.0 : detail::exp_hi<T>;
    return detail::guarded<Cosh>(d, detail::in_range(d, x, -hi, hi), [d](V v) {
      if constexpr (sizeof(T) == 4) {
        V sh, ch;
        detail::sinh_cosh_f32(d, hn::Abs(v), sh, ch);
        return ch;
      } else {
        const V e = hn::Exp(d, hn::Abs(v));
        const V half = hn::Set(d, T(0.5));
        return hn::MulAdd(half, e, hn::Div(half, e));
      }
    }, x);
  }
};
struct Tanh {
  template <class T> static T scalar(T x) { return std::tanh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    return detail::guarded<Tanh>(d, detail::in_range(d, x, -detail::max_finite<T>, detail::max_finite<T>), [d](V v) {
      if constexpr (sizeof(T) == 4) {
        // tanh = em / (em + 2), em = e^2a - 1 (to ~1 ulp): 2.5 ulp at most (measured against float64 tanh).
        // |x| clamped to 9.5, where tanh rounds to 1; em is then below 2^28.
        const V a = hn::Min(hn::Abs(v), hn::Set(d, 9.5f));
        const V em = detail::expm1_f32(d, hn::Add(a, a));
        return hn::CopySignToAbs(hn::Div(em, hn::Add(em, hn::Set(d, 2.0f))), v);
      } else {
        return hn::Tanh(d, v);
      }
    }, x);
  }
};
// float32 arcsinh and arccosh as one log1p (detail::log1p_f32) of an argument formed without
// cancellation: arccosh(x) = log1p(t + sqrt(t (t + 2))), t = x - 1 (exact in float), and
// arcsinh(|x|) = log1p(a + a^2 / (1 + sqrt(1 + a^2))); one square root and one or two divisions
// (Highway's Acosh and Asinh form both a Log and a Log1p argument, with up to three divisions and
// two square roots). |x| up to 1e18 (so that the squares stay finite), libm beyond;
// float64 keeps Highway's forms.
struct Arcsinh {
  template <class T> static T scalar(T x) { return std::asinh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    if constexpr (sizeof(T) == 4) {
      return detail::guarded<Arcsinh>(d, detail::in_range(d, x, -1e18, 1e18), [d](V v) {
        const V a = hn::Abs(v), one = hn::Set(d, 1.0f);
        const V a2 = hn::Mul(a, a);
        const V u = hn::Add(a, hn::Div(a2, hn::Add(one, hn::Sqrt(hn::Add(a2, one)))));
        return hn::CopySignToAbs(detail::log1p_f32(d, u), v);
      }, x);
    } else {
      return detail::guarded<Arcsinh>(d, detail::in_range(d, x, -detail::max_finite<T>, detail::max_finite<T>),
                                      [d](V v) { return hn::Asinh(d, v); }, x);
    }
  }
};
struct Arccosh {
  template <class T> static T scalar(T x) { return std::acosh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    if constexpr (sizeof(T) == 4) {
      return detail::guarded<Arccosh>(d, detail::in_range(d, x, 1.0, 1e18), [d](V v) {
        const V t = hn::Sub(v, hn::Set(d, 1.0f));
        return detail::log1p_f32(d, hn::Add(t, hn::Sqrt(hn::MulAdd(t, t, hn::Add(t, t)))));
      }, x);
    } else {
      return detail::guarded<Arccosh>(d, detail::in_range(d, x, 1.0, detail::max_finite<T>),
                                      [d](V v) { return hn::Acosh(d, v); }, x);
    }
  }
};
// float32 arctanh(x) = log1p(2a / (1 - a)) / 2, a = |x|, by log1p_f32 (the form of Highway's Atanh,
// less Log1p's pole test and selects). |x| <= 0.9999999 (the pole's neighbourhood goes to libm);
// float64 keeps Highway's Atanh.
struct Arctanh {
  template <class T> static T scalar(T x) { return std::atanh(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    return detail::guarded<Arctanh>(d, detail::in_range(d, x, -0.9999999, 0.9999999), [d](V v) {
      if constexpr (sizeof(T) == 4) {
        const V a = hn::Abs(v);
        const V u = hn::Div(hn::Add(a, a), hn::Sub(hn::Set(d, 1.0f), a));
        return hn::CopySignToAbs(hn::Mul(hn::Set(d, 0.5f), detail::log1p_f32(d, u)), v);
      } else {
        return hn::Atanh(d, v);
      }
    }, x);
  }
};
struct Tan {
  template <class T> static T scalar(T x) { return std::tan(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    return detail::guarded<Tan>(d, detail::in_range(d, x, -39000.0, 39000.0), [d](V v) {
      // float32 through the double form: the float polynomial and quotient came to 4 ulp.
      if constexpr (sizeof(hn::TFromD<D>) == 4)
        return detail::via_double(d, [](auto dd, auto w) { return detail::tan(dd, w); }, v);
      else
        return detail::tan(d, v);
    }, x);
  }
};
struct Cbrt {
  template <class T> static T scalar(T x) { return std::cbrt(x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    return detail::guarded<Cbrt>(d, detail::in_range(d, hn::Abs(x), detail::min_normal<T>, detail::max_finite<T>),
                                 [d](V v) { return detail::cbrt(d, v); }, x);
  }
};
struct Arctan2 {
  template <class T> static T scalar(T y, T x) { return std::atan2(y, x); }
  template <class D, class V, class = detail::float_only<D>>
  static V simd(D d, V y, V x) {
    using T = hn::TFromD<D>;
    const V q = hn::Abs(hn::Div(y, x));
    return detail::guarded<Arctan2>(d, detail::in_range(d, q, detail::min_normal<T>, detail::max_finite<T>),
                                    [d](V a, V b) {
      // float32 through the double form: in float, Atan's error and y/x's rounding came to 4 ulp.
      if constexpr (sizeof(T) == 4)
        return detail::via_double(d, [](auto dd, auto p, auto q) { return detail::atan2(dd, p, q); }, a, b);
      else
        return detail::atan2(d, a, b);
    }, y, x);
  }
};
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
  // float32 only (float64 stays on libm), the vector form where x is a positive normal number,
  // y is finite and the result a normal number, libm elsewhere (zeros, infinities, NaN,
  // negative bases, overflow and underflow).
  // 512-bit vectors only: at 256 bits (x86-64-v3) the double Log and Exp ran slower than libm.
  template <class D, class V,
            class = std::enable_if_t<std::is_same_v<hn::TFromD<D>, float> && (HWY_MAX_BYTES >= 64)>>
  static V simd(D d, V x, V y) {
    constexpr double big = detail::max_finite<float>, tiny = detail::min_normal<float>;
    const V r = detail::power_f32(d, x, y);
    const auto valid = hn::And(hn::And(detail::in_range(d, x, tiny, big), detail::in_range(d, y, -big, big)),
                               detail::in_range(d, r, tiny, big));
    return detail::guarded<Power>(d, valid, [r](V, V) { return r; }, x, y);
  }
  [[noreturn]] static void throw_negative_power();
};

}  // namespace muna::kernels

#include <muna/core/error.hpp>
inline void muna::kernels::Power::throw_negative_power() {
  throw ValueError("Integers to negative integer powers are not allowed.");
}
