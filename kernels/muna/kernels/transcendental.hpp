// Vectorised transcendental functions, each guarded: a vector form inside the function's valid
// range (Highway's contrib/math, or muna's own float32 forms below where Highway's were slower
// than NumPy's), libm (the scalar form, what NumPy's scalar loops call) on blocks holding a lane
// outside it (see Guarded and elementwise.hpp). The vector forms are only specified on those
// ranges: they get NaN, infinities, subnormals and huge arguments wrong, which the fallback makes
// right.
#pragma once
#include <cmath>
#include <cstdint>
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
template <class D>
using float32_only = std::enable_if_t<std::is_same_v<hn::TFromD<D>, float>>;

// Whether MulAdd is one fused operation (x86's AVX2 and AVX-512 targets): the float32 forms that
// recover a product's rounding error with an FMA (tan_f32's reduction) need it.
constexpr bool kFusedMulAdd = HWY_TARGET <= HWY_AVX2;

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
// `vector` takes (O = Op defers the lookup of Op::vector until Op is complete).
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

// A float32's bits less the smallest normal's, unsigned: below kNormalOffsetEnd exactly where it
// is a positive normal number (below the smallest normal the subtraction wraps around; NaN,
// infinities and negative numbers are above).
constexpr uint32_t kNormalOffsetEnd = 0x7f000000u;
template <class DU, class V>
HWY_INLINE hn::Vec<DU> normal_offset(DU du, V x) {
  return hn::Sub(hn::BitCast(du, x), hn::Set(du, 0x00800000u));
}
// x is a positive normal number; for float32 in one unsigned comparison.
template <class D, class V>
HWY_INLINE auto positive_normal(D d, V x) {
  using T = hn::TFromD<D>;
  if constexpr (sizeof(T) == 4) {
    const hn::RebindToUnsigned<D> du;
    return hn::RebindMask(d, hn::Lt(normal_offset(du, x), hn::Set(du, kNormalOffsetEnd)));
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
MUNA_GUARDED_UNARY(Log1p, std::log1p, hn::Log1p, 0.0, detail::max_finite<T>)
MUNA_GUARDED_UNARY(Sin, std::sin, hn::Sin, -39000.0, 39000.0)
MUNA_GUARDED_UNARY(Cos, std::cos, hn::Cos, -39000.0, 39000.0)
MUNA_GUARDED_UNARY(Arcsin, std::asin, hn::Asin, -1.0, 1.0)
MUNA_GUARDED_UNARY(Arccos, std::acos, hn::Acos, -1.0, 1.0)
MUNA_GUARDED_UNARY(Arctan, std::atan, hn::Atan, -detail::max_finite<T>, detail::max_finite<T>)
#undef MUNA_GUARDED_UNARY

// Functions Highway 1.0.3 has no form of, built from its pieces (hn::impl's reductions and
// polynomials, hn::Exp, hn::Log, hn::Atan), and float32 forms evaluated in float, with
// compensated (two-float) sums where the last bit needs them; the same libm fallback outside the
// ranges given.
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

// tan of double x: x = k pi/2 + r by Highway's 4-part Cody-Waite reduction (that of its Cos),
// tan(r) = r (Q4(z) + z P3(z)) / Q4(z), z = r^2 (Cephes' tan rational), and -1/tan(r) for odd k
// (the odd lanes swap numerator and denominator, so one division serves both).
template <class D, class V>
HWY_INLINE V tan(D d, V x) {
  static_assert(sizeof(hn::TFromD<D>) == 8, "float64 only: float32 has tan_f32");
  hn::impl::CosSinImpl<double> impl;
  const V k = hn::Round(hn::Mul(x, hn::Set(d, 0.636619772367581343075535)));
  const V r = impl.CosReduce(d, x, impl.ToInt32(d, k));
  const V z = hn::Mul(r, r);
  const V p = hn::MulAdd(hn::MulAdd(hn::Set(d, -1.30936939181383777646e4), z,
                                    hn::Set(d, 1.15351664838587416140e6)), z,
                         hn::Set(d, -1.79565251976484877988e7));
  const V q = hn::MulAdd(hn::MulAdd(hn::MulAdd(hn::Add(z, hn::Set(d, 1.36812963470692954678e4)), z,
                                               hn::Set(d, -1.32089234440210967447e6)), z,
                                    hn::Set(d, 2.50083801823357915839e7)), z,
                         hn::Set(d, -5.38695755929454629881e7));
  const V rpq = hn::Mul(r, hn::MulAdd(p, z, q));
  const V half_k = hn::Mul(k, hn::Set(d, 0.5));
  const auto odd = hn::Ne(hn::Floor(half_k), half_k);
  return hn::Div(hn::IfThenElse(odd, hn::Neg(q), rpq), hn::IfThenElse(odd, rpq, q));
}

// float32 tan(x), |x| <= 39000 (so |k| < 2^15), all in float. x = k pi/2 + r with
// r = r_hi + r_lo: pi/2 in three float parts C1 + C2 + C3 (within 1e-23); x - k C1 is exact in
// one FMA (both are multiples of 2^-24 below 1 in magnitude, or it is x for k = 0), k C2 is split
// exactly by its FMA remainder and subtracted by TwoSum, so r_hi + r_lo is r to ~2^-44.
// Even k: tan(r) = r_hi + (r_hi z T(z) + r_lo (1 + tan^2)), z = r_hi^2; odd k: -cot(r) with
// cot(r) = 1/r - r C(z), 1/r as y = 1/r_hi refined by its exact residual and r_lo. The leading
// term is exact or compensated and the polynomial terms are at most 0.27 of the result, so one
// final rounding dominates. T (degree 6) and C (degree 4): NumPy weighted least squares at 3000
// Chebyshev nodes of r in [0, pi/4 + 0.005] against mpmath, float coefficients; their error is
// below 2^-25.4 of the result. k is x 2/pi rounded in float, so |r| may pass pi/4 by 0.004.
// Measured over 5e6 floats up to 39000: within 1.24 ulp of the correctly rounded tan (NumPy
// 1.24's own float32 tan is up to 3.26 ulp off it), at most 3 ulp from NumPy. (Through double,
// 0.65 ulp, it ran at 1.9x NumPy's time.)
template <class D, class V>
HWY_INLINE V tan_f32(D d, V x) {
  const hn::RebindToSigned<D> di;
  // k = round(x 2/pi) in the low bits of x 2/pi + 1.5 2^23 (whose own bits shift out below),
  // which also give k's parity.
  const V shifter = hn::Set(d, 12582912.0f);
  const V k_shifted = hn::MulAdd(x, hn::Set(d, 0.6366197466850281f), shifter);
  const V k = hn::Sub(k_shifted, shifter);
  const V t1 = hn::NegMulAdd(k, hn::Set(d, 1.5707963705062866f), x);
  const V c2 = hn::Set(d, -4.371138828673793e-08f);
  const V p_hi = hn::Mul(k, c2);
  const V p_lo = hn::MulSub(k, c2, p_hi);
  // TwoSum(t1, -p_hi): r_hi + err exactly.
  const V r_hi = hn::Sub(t1, p_hi);
  const V t1_part = hn::Sub(r_hi, t1);
  const V err = hn::Sub(hn::Sub(t1, hn::Sub(r_hi, t1_part)), hn::Add(p_hi, t1_part));
  const V r_lo = hn::NegMulAdd(k, hn::Set(d, -1.7151245100058819e-15f), hn::Sub(err, p_lo));
  const V z = hn::Mul(r_hi, r_hi);
  // T(z) by Estrin's scheme: a shorter dependency chain than Horner's.
  const V z2 = hn::Mul(z, z);
  const V t01 = hn::MulAdd(hn::Set(d, 0.13333255052566528f), z, hn::Set(d, 0.3333333432674408f));
  const V t23 = hn::MulAdd(hn::Set(d, 0.021639596670866013f), z, hn::Set(d, 0.05399109423160553f));
  const V t45 = hn::MulAdd(hn::Set(d, 0.0012374225771054626f), z, hn::Set(d, 0.009916052222251892f));
  const V t4_6 = hn::MulAdd(hn::Set(d, 0.0038219522684812546f), z2, t45);
  const V tp = hn::MulAdd(hn::MulAdd(t4_6, z2, t23), z2, t01);
  const V t_corr = hn::Mul(hn::Mul(r_hi, z), tp);
  // tan(r) = t_hi + t_lo: the correction with r_lo's term r_lo tan'(r) (tan' = 1 + tan^2, here
  // 1 + z: r_lo is 2^-24 of r at most, so the difference is below 0.1 ulp), then Fast2Sum with
  // r_hi (|r_hi| > |correction|).
  const V corr = hn::MulAdd(r_lo, hn::Add(z, hn::Set(d, 1.0f)), t_corr);
  const V t_hi = hn::Add(r_hi, corr);
  const V t_lo = hn::Sub(corr, hn::Sub(t_hi, r_hi));
  // -1/tan(r) for odd k: y ~ 1/t_hi (the approximate reciprocal, 2^-14 with AVX-512; one Newton
  // step more for AVX2's 2^-12), then one Newton step on t_hi + t_lo with the exact residual
  // e = 1 - t_hi y: relative error the square of y's, 2^-28, instead of a division.
  const V one = hn::Set(d, 1.0f);
  V y = hn::ApproximateReciprocal(t_hi);
  if constexpr (HWY_TARGET > HWY_AVX3) y = hn::MulAdd(y, hn::NegMulAdd(t_hi, y, one), y);
  const V cot_r = hn::MulAdd(y, hn::NegMulAdd(t_lo, y, hn::NegMulAdd(t_hi, y, one)), y);
  const auto odd = hn::RebindMask(d, hn::TestBit(hn::BitCast(di, k_shifted), hn::Set(di, 1)));
  return hn::IfThenElse(odd, hn::Neg(cot_r), t_hi);
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

// float64 atan2(y, x) = atan(y/x), plus or minus pi (in two parts) for x < 0, the sign of y's.
template <class D, class V>
HWY_INLINE V atan2(D d, V y, V x) {
  static_assert(sizeof(hn::TFromD<D>) == 8, "float64 only: float32 has atan2_f32");
  const V a = hn::Atan(d, hn::Div(y, x));
  const V pi_hi = hn::CopySign(hn::Set(d, 3.14159265358979323846), y);
  const V pi_lo = hn::CopySign(hn::Set(d, 1.2246467991473532e-16), y);
  return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Add(hn::Add(a, pi_lo), pi_hi), a);
}

// float32 atan2(y, x) = k pi/4 +- (b + atan(b) - b), all in float: with mn = min(|x|, |y|),
// mx = max(|x|, |y|), b = mn / mx in [0, 1/2), or where mn >= mx/2 (atan(mn/mx) = pi/4 + atan(b))
// b = (mn - mx) / (mn + mx) in [-1/3, 0] (mn - mx exact by Sterbenz, mn + mx split exactly in two
// floats; both scaled by 1/4 above 2^124 so that the sum stays finite). b is divided in float and
// corrected by the division's exact remainder times an approximate reciprocal (b to ~2^-35);
// atan(b) - b = b^3 P(b^2) (P of degree 5: NumPy weighted least squares on 8000 Chebyshev nodes
// in b^2 over [0, 1/4], relative error 2^-28.1 with the float coefficients, and at most 7.3 % of
// |b|, so its float rounding stays near 2^-27 of the result); k pi/4 + b is summed exactly, so
// the result is close to correctly rounded (needed: NumPy's own error reaches 3.4 ulp, and an
// atan(mn/mx) in float with pi/2 or pi minus it came to 4 ulp against it).
// Exact without a fallback: two zeros give b = 0 (so +-0 or +-pi by x's sign bit), two
// infinities pi/4 or 3pi/4, one infinity or zero b = 0 (+-0, +-pi/2, +-pi); NaN operands NaN.
template <class D, class V>
HWY_INLINE V atan2_f32(D d, V y, V x) {
  const hn::RebindToSigned<D> di;
  const V ax = hn::Abs(x), ay = hn::Abs(y);
  const V mn = hn::Min(ax, ay), mx = hn::Max(ax, ay);
  const V one = hn::Set(d, 1.0f), zero = hn::Zero(d);
  // mn >= mx/2 (mx/2 is exact but for subnormals, where any difference is exact and |b| stays
  // <= 1/2 once mn > 0).
  const auto reduce = hn::And(hn::Ge(mn, hn::Mul(mx, hn::Set(d, 0.5f))), hn::Gt(mn, zero));
  const V scale = hn::IfThenElse(hn::Gt(mx, hn::Set(d, 0x1p124f)), hn::Set(d, 0.25f), one);
  const V smn = hn::Mul(mn, scale), smx = hn::Mul(mx, scale);
  const V num = hn::IfThenElse(reduce, hn::Sub(smn, smx), mn);
  const V den = hn::IfThenElse(reduce, hn::Add(smn, smx), mx);
  const V den_lo = hn::IfThenElseZero(reduce, hn::Sub(smn, hn::Sub(den, smx)));
  // Equal magnitudes (0/0 and inf/inf among them) have b = 0.
  const auto less = hn::Lt(mn, mx);
  const V b = hn::IfThenElseZero(less, hn::Div(num, den));
  // num - b (den + den_lo), the first part exact; only where den is a normal float (elsewhere
  // b is exact, 0 or NaN, or both operands are subnormal and b within half an ulp).
  const V corr = hn::IfThenElseZero(
      positive_normal(d, den), hn::Mul(hn::NegMulAdd(b, den_lo, hn::NegMulAdd(b, den, num)), hn::ApproximateReciprocal(den)));
  const V s = hn::Mul(b, b);
  static constexpr float kP[6] = {-0.33333325386047363f, 0.19999468326568604f, -0.14271703362464905f,
                                  0.10938096046447754f, -0.07973846793174744f, 0.038587745279073715f};
  const V p = horner(d, kP, s);
  const V rest = hn::MulAdd(hn::Mul(b, s), p, corr);
  // With u = b + rest = atan(mn/mx) - c pi/4 (c = 1 where reduced): u + c pi/4; pi/2 - that
  // where |y| > |x|; pi - that where x's sign is set; pi/2 + that for both. m = -1 where u is
  // subtracted, k = base + m c.
  const auto swapped = hn::Gt(ay, ax);
  const auto neg = hn::RebindMask(d, hn::Lt(hn::BitCast(di, x), hn::Zero(di)));
  const V sign = hn::Set(d, -0.0f);
  const V flip = hn::Xor(hn::IfThenElseZero(swapped, sign), hn::And(x, sign));
  const V base = hn::IfThenElse(swapped, hn::Set(d, 2.0f), hn::IfThenElseZero(neg, hn::Set(d, 4.0f)));
  const V k = hn::MulAdd(hn::Xor(one, flip), hn::IfThenElseZero(reduce, one), base);
  // k pi/4 = hi + lo, hi with 20 bits (k hi exact for k <= 4); hi + b exact in two floats
  // (Fast2Sum: hi is 0 or above 3/4, |b| <= 1/2), the small terms added to its error.
  const V hi = hn::Mul(k, hn::Set(d, 0x1.921fb0p-1f)), lo = hn::Mul(k, hn::Set(d, 0x1.5110b4p-23f));
  const V bs = hn::Xor(b, flip);
  const V sum = hn::Add(hi, bs);
  const V err = hn::Sub(bs, hn::Sub(sum, hi));
  const V r = hn::Add(sum, hn::Add(hn::Add(err, hn::Xor(rest, flip)), lo));
  // |x| + |y| is NaN exactly where an operand is.
  const V nan = hn::Add(ax, ay);
  return hn::IfThenElse(hn::IsNaN(nan), nan, hn::CopySignToAbs(r, y));
}

// float32 x^y = 2^(y log2 x) (after glibc's powf), all in float with log2 x and y log2 x carried
// as sums of two floats, for x a positive normal float and |y| <= 64: x = 2^k z with z in
// [0x3f330000, 0x3f330000 + 2^23) as bits ([0.699, 1.398)); the 3 bits below z's exponent pick c
// (an 8-entry table looked up within one float vector), and r = z invc - 1 (invc ~ 1/c a float)
// is exactly r_hi + r_lo (fl(z invc) - 1 by Sterbenz, the product's FMA remainder), |r| <= 0.0579.
// log2 x = k + log2 c + c1 r + r^2 R(r), c1 = 1/ln 2: k + the 15-bit head of log2 c is exact;
// rest = r^2 R(r_hi) + r_lo (c1 + 2 c2 r_hi) + the tail of log2 c is at most 0.0025, so its float
// rounding stays near 2^-32.6, which |y| <= 64 keeps to 2^-26.6 in t = y log2 x. 2^t = 2^n 2^f,
// n = round(t), |f| <= 1/2 (plus t's low part, ~2^-17), 2^f = 1 + f P(f).
// invc: floats near 1/(the subinterval's centre), 1 for the one holding 1 (exact logs near 1).
// R and P (float coefficients): NumPy least squares on 8000 Chebyshev nodes; r^2 (R's error) is
// below 2^-33.9 over 4e5 points of |r| <= 0.0579, 2^f's relative error below 2^-25.9. Measured:
// within 1.06 ulp of float64 pow over 2^21 inputs each of x near 1 with |y| <= 64, results
// near the float range's ends, and x in [1/8, 8]; 1 ulp from NumPy.
// Valid where x is a positive normal float, |y| <= 64 and the result a normal float; other lanes
// are garbage.
template <class D, class V>
HWY_INLINE V power_f32(D d, V x, V y) {
  const hn::RebindToSigned<D> di;
  HWY_ALIGN static constexpr float kInvc[16] = {0x1.5d78e4p+0f, 0x1.430282p+0f, 0x1.2c4b9ep+0f, 0x1.15af66p+0f,
                                                1.0f,           0x1.d75378p-1f, 0x1.a73f00p-1f, 0x1.7ec9f0p-1f};
  // log2 c = -log2(invc) = head + tail, the head a multiple of 2^-15 (so k + head is exact).
  HWY_ALIGN static constexpr float kLogcHead[16] = {-0x1.cbdp-2f, -0x1.578p-2f, -0x1.d78p-3f, -0x1.e08p-4f,
                                                    0.0f,         0x1.e92p-4f,  0x1.194p-2f,  0x1.ada8p-2f};
  HWY_ALIGN static constexpr float kLogcTail[16] = {0x1.b8p-20f, 0x1.fbp-17f,     -0x1.d1p-17f, 0x1.c1fffep-19f,
                                                    0.0f,        0x1.a1p-19f,     -0x1.76p-17f, 0x1.2cp-17f};
  const auto ix = hn::BitCast(di, x);
  const auto tmp = hn::Sub(ix, hn::Set(di, 0x3f330000));
  const auto top = hn::And(tmp, hn::Set(di, static_cast<int32_t>(0xff800000u)));
  const auto idx = hn::IndicesFromVec(d, hn::And(hn::ShiftRight<20>(tmp), hn::Set(di, 7)));
  const V z = hn::BitCast(d, hn::Sub(ix, top));
  const V invc = hn::TableLookupLanes(hn::Load(d, kInvc), idx);
  const V head =
      hn::Add(hn::ConvertTo(d, hn::ShiftRight<23>(top)), hn::TableLookupLanes(hn::Load(d, kLogcHead), idx));
  const V prod = hn::Mul(z, invc);
  const V r_lo = hn::MulSub(z, invc, prod);
  const V r_hi = hn::Sub(prod, hn::Set(d, 1.0f));
  static constexpr float kR[5] = {-0.7213475108146667f, 0.4808976352214813f, -0.36067262291908264f,
                                  0.28940504789352417f, -0.24135886132717133f};
  const V q = horner(d, kR, r_hi);
  const V lo_terms = hn::MulAdd(r_lo, hn::MulAdd(hn::Set(d, -1.442695f), r_hi, hn::Set(d, 1.442695f)),
                                hn::TableLookupLanes(hn::Load(d, kLogcTail), idx));
  const V rest = hn::MulAdd(hn::Mul(r_hi, r_hi), q, lo_terms);
  // log2 x = l_hi + l_lo: head + c1h r_hi, then + rest, each summed exactly into two floats
  // (c1h r_hi by its FMA remainder; Fast2Sum twice: head is 0 or at least 0.117 against
  // |c1h r_hi| <= 0.084, and |rest| <= 0.0025 stays below |head + c1h r_hi|), c1 = c1h + c1l.
  const V c1r = hn::Mul(hn::Set(d, 0x1.715476p+0f), r_hi);
  const V c1r_err = hn::MulSub(hn::Set(d, 0x1.715476p+0f), r_hi, c1r);
  const V s1 = hn::Add(head, c1r);
  const V l_hi = hn::Add(s1, rest);
  const V l_lo = hn::Add(hn::Add(hn::Sub(c1r, hn::Sub(s1, head)), hn::Sub(rest, hn::Sub(l_hi, s1))),
                         hn::MulAdd(hn::Set(d, 0x1.4ae0c0p-26f), r_hi, c1r_err));
  // t = y log2 x = t_hi + t_lo (y l_hi's FMA remainder), n = round(t_hi), f = t - n: t_hi - n is
  // exact. t_hi is clamped so that n stays within the exponent arithmetic below (results beyond
  // the float range are caught by the caller's check).
  const V yl = hn::Mul(y, l_hi);
  const V t_lo = hn::MulAdd(y, l_lo, hn::MulSub(y, l_hi, yl));
  const V t_hi = hn::Min(hn::Max(yl, hn::Set(d, -160.0f)), hn::Set(d, 160.0f));
  // n = round(t_hi) in the low bits of t_hi + 1.5 2^23 (whose own bits shift out below).
  const V shifted = hn::Add(t_hi, hn::Set(d, 0x1.8p23f));
  const V f = hn::Add(hn::Sub(t_hi, hn::Sub(shifted, hn::Set(d, 0x1.8p23f))), t_lo);
  static constexpr float kExp2[7] = {1.0f, 0.6931471824645996f, 0.24022647738456726f, 0.05550329014658928f,
                                     0.009618373587727547f, 0.0013399808667600155f, 0.00015370632172562182f};
  const V p = horner(d, kExp2, f);
  // 2^f 2^n: n added to the exponent field (2^f in [0.7, 1.42]; wraps to garbage, caught by the
  // caller's check, beyond the float range).
  return hn::BitCast(d, hn::Add(hn::BitCast(di, p), hn::ShiftLeft<23>(hn::BitCast(di, shifted))));
}

// a - n ln2 for float32 integer-valued n (|n| <= 128), ln2 in two parts (n ln2_hi exact).
template <class D, class V>
HWY_INLINE V minus_n_ln2(D d, V a, V n) {
  return hn::NegMulAdd(n, hn::Set(d, 1.42860676533018e-06f), hn::NegMulAdd(n, hn::Set(d, 0.693145751953125f), a));
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
  const V r = minus_n_ln2(d, a, n);
  const V z = hn::Mul(r, r);
  static constexpr float kP[3] = {0.5000004909432261f, 0.041660367330114474f, 0.0014117336985160541f};
  static constexpr float kQ[3] = {0.16666672330021248f, 0.008332619855539526f, 0.00020096979551967667f};
  const V p = horner(d, kP, z), q = horner(d, kQ, z);
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

// float32 e^y - 1 for -87 <= y <= 88, to about 1 ulp relative (expm1, tanh's numerator): y = n ln2 + r,
// n = round(y log2 e), |r| <= ln2 / 2 (ln2 in two parts, n ln2_hi exact), e^r - 1 = r + r^2 P(r),
// then e^y - 1 = 2^n (e^r - 1) + (2^n - 1) in one fused step (2^n - 1 exact for -24 <= n <= 24,
// beyond which the rounded term is below half an ulp of the result). n = 0 keeps the relative
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
  const V r = minus_n_ln2(d, y, n);
  static constexpr float kP[5] = {0.4999999701976776f, 0.16666541993618011f, 0.041667599231004715f,
                                  0.00836669746786356f, 0.0013858138117939234f};
  const V p = horner(d, kP, r);
  const V em_r = hn::MulAdd(hn::Mul(r, r), p, r);
  const V two_n = hn::BitCast(d, hn::Add(hn::BitCast(di, hn::Set(d, 1.0f)), hn::ShiftLeft<23>(hn::BitCast(di, k))));
  return hn::MulAdd(two_n, em_r, hn::Sub(two_n, hn::Set(d, 1.0f)));
}

// float32 log1p(u) for finite u >= 0, as Highway's Log1p one log and one division, but without its
// pole test and selects: y = 1 + u rounded, c = u - (y - 1) its rounding error (exact, as y - 1 is),
// log1p(u) = log(y) + c / y (|c / y| <= 2^-24; the second-order term is below 2^-49). Tiny u give
// y = 1, log(y) = 0 and c = u. log(y) by log_f32.hpp's table on 8- and 16-lane vectors (no
// division), Highway's Log on others.
template <class D, class V>
HWY_INLINE V log1p_f32(D d, V u) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const V one = hn::Set(d, 1.0f);
  const V y = hn::Add(one, u);
  const V c = hn::Sub(u, hn::Sub(y, one));
  const V log_y = [&] {
    if constexpr (log_f32_fits<D>) return log_f32<LogBaseE>(d, y);
    else return hn::Log(d, y);
  }();
  return hn::Add(log_y, hn::Div(c, y));
}
}  // namespace detail

// The guarded ranges keep results normal and finite (NaN, infinities, zeros and subnormals go to
// libm): 2^x for x in [min exponent, max exponent]; tan where Highway's reduction for Cos is
// exact; cbrt of normal numbers below max / 8; float64 atan2 where y/x is a normal number (so
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
// float32 expm1 by detail::expm1_f32 (no division; Highway's Expm1 divides), float64 by Highway's.
struct Expm1 : detail::Guarded<Expm1> {
  template <class T> static T scalar(T x) { return std::expm1(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    valid = detail::in_range(d, x, detail::exp_lo<T>, detail::exp_hi<T>);
    if constexpr (sizeof(T) == 4) return detail::expm1_f32(d, x);
    else return hn::Expm1(d, x);
  }
};
// float32 sinh and cosh by detail::sinh_cosh_f32, tanh by detail::expm1_f32 (float forms: in double,
// half a vector at a time, they ran 1.4x-2.2x NumPy's time), float64 by Highway's Sinh and Tanh and
// Exp as before. float32 sinh and cosh to |x| <= 89 (sinh(89) = 2.2e38: finite floats; float64 as
// before: sinh to 88, cosh to Exp's range), tanh everywhere finite.
struct Sinh : detail::Guarded<Sinh> {
  template <class T> static T scalar(T x) { return std::sinh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    constexpr double hi = sizeof(T) == 4 ? 89.0 : 88.0;
    valid = detail::in_range(d, x, -hi, hi);
    if constexpr (sizeof(T) == 4) {
      V sh, ch;
      detail::sinh_cosh_f32(d, hn::Abs(x), sh, ch);
      return hn::CopySignToAbs(sh, x);
    } else {
      return hn::Sinh(d, x);
    }
  }
};
struct Cosh : detail::Guarded<Cosh> {
  template <class T> static T scalar(T x) { return std::cosh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    constexpr double hi = sizeof(T) == 4 ? 89.0 : detail::exp_hi<T>;
    valid = detail::in_range(d, x, -hi, hi);
    if constexpr (sizeof(T) == 4) {
      V sh, ch;
      detail::sinh_cosh_f32(d, hn::Abs(x), sh, ch);
      return ch;
    } else {
      const V e = hn::Exp(d, hn::Abs(x));
      const V half = hn::Set(d, T(0.5));
      return hn::MulAdd(half, e, hn::Div(half, e));
    }
  }
};
struct Tanh : detail::Guarded<Tanh> {
  template <class T> static T scalar(T x) { return std::tanh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    valid = detail::in_range(d, x, -detail::max_finite<T>, detail::max_finite<T>);
    if constexpr (sizeof(T) == 4) {
      // tanh = em / (em + 2), em = e^2a - 1 (to ~1 ulp): 2.5 ulp at most (measured against float64 tanh).
      // |x| clamped to 9.5, where tanh rounds to 1; em is then below 2^28.
      const V a = hn::Min(hn::Abs(x), hn::Set(d, 9.5f));
      const V em = detail::expm1_f32(d, hn::Add(a, a));
      return hn::CopySignToAbs(hn::Div(em, hn::Add(em, hn::Set(d, 2.0f))), x);
    } else {
      return hn::Tanh(d, x);
    }
  }
};
// float32 arcsinh and arccosh as one log1p (detail::log1p_f32) of an argument formed without
// cancellation: arccosh(x) = log1p(t + sqrt(t (t + 2))), t = x - 1 (exact in float), and
// arcsinh(|x|) = log1p(a + a^2 / (1 + sqrt(1 + a^2))); one square root and one or two divisions
// (Highway's Acosh and Asinh form both a Log and a Log1p argument, with up to three divisions and
// two square roots). |x| up to 1e18 (so that the squares stay finite), libm beyond;
// float64 keeps Highway's forms.
struct Arcsinh : detail::Guarded<Arcsinh> {
  template <class T> static T scalar(T x) { return std::asinh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    if constexpr (sizeof(T) == 4) {
      valid = detail::in_range(d, x, -1e18, 1e18);
      const V a = hn::Abs(x), one = hn::Set(d, 1.0f);
      const V a2 = hn::Mul(a, a);
      const V u = hn::Add(a, hn::Div(a2, hn::Add(one, hn::Sqrt(hn::Add(a2, one)))));
      return hn::CopySignToAbs(detail::log1p_f32(d, u), x);
    } else {
      valid = detail::in_range(d, x, -detail::max_finite<T>, detail::max_finite<T>);
      return hn::Asinh(d, x);
    }
  }
};
struct Arccosh : detail::Guarded<Arccosh> {
  template <class T> static T scalar(T x) { return std::acosh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    if constexpr (sizeof(T) == 4) {
      valid = detail::in_range(d, x, 1.0, 1e18);
      const V t = hn::Sub(x, hn::Set(d, 1.0f));
      return detail::log1p_f32(d, hn::Add(t, hn::Sqrt(hn::MulAdd(t, t, hn::Add(t, t)))));
    } else {
      valid = detail::in_range(d, x, 1.0, detail::max_finite<T>);
      return hn::Acosh(d, x);
    }
  }
};
// float32 arctanh(x) = log1p(2a / (1 - a)) / 2, a = |x|, by log1p_f32 (the form of Highway's Atanh,
// less Log1p's pole test and selects). |x| <= 0.9999999 (the pole's neighbourhood goes to libm);
// float64 keeps Highway's Atanh.
struct Arctanh : detail::Guarded<Arctanh> {
  template <class T> static T scalar(T x) { return std::atanh(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    using T = hn::TFromD<D>;
    valid = detail::in_range(d, x, -0.9999999, 0.9999999);
    if constexpr (sizeof(T) == 4) {
      const V a = hn::Abs(x);
      const V u = hn::Div(hn::Add(a, a), hn::Sub(hn::Set(d, 1.0f), a));
      return hn::CopySignToAbs(hn::Mul(hn::Set(d, 0.5f), detail::log1p_f32(d, u)), x);
    } else {
      return hn::Atanh(d, x);
    }
  }
};
struct Tan : detail::Guarded<Tan> {
  template <class T> static T scalar(T x) { return std::tan(x); }
  template <class D, class V, class = detail::float_only<D>>
  HWY_INLINE static V vector(D d, V x, hn::Mask<D>& valid) {
    valid = detail::in_range(d, x, -39000.0, 39000.0);
    if constexpr (sizeof(hn::TFromD<D>) == 4 && detail::kFusedMulAdd) {
      // Zeros to libm too: the reduction's sums turn -0 into +0.
      valid = hn::And(valid, hn::Ne(x, hn::Zero(d)));
      return detail::tan_f32(d, x);
    } else if constexpr (sizeof(hn::TFromD<D>) == 4) {
      return detail::via_double(d, [](auto dd, auto w) { return detail::tan(dd, w); }, x);
    } else {
      return detail::tan(d, x);
    }
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
    if constexpr (sizeof(T) == 4) {
      valid = hn::FirstN(d, hn::Lanes(d));  // exact everywhere, special values included
      return detail::atan2_f32(d, y, x);
    } else {
      valid = detail::in_range(d, hn::Abs(hn::Div(y, x)), detail::min_normal<T>, detail::max_finite<T>);
      return detail::atan2(d, y, x);
    }
  }
};
// float32: glibc's hypotf is (float)sqrt((double)x * x + (double)y * y) for finite x, y; the
// squares are exact in double, so the sum rounds once, fused or not, and the same evaluation in
// vector form is bit-identical to it. Infinities and NaN go to libm. float64 stays on libm.
struct Hypot : detail::Guarded<Hypot> {
  template <class T> static T scalar(T a, T b) { return std::hypot(a, b); }
  template <class D, class V, class = detail::float32_only<D>>
  HWY_INLINE static V vector(D d, V x, V y, hn::Mask<D>& valid) {
    valid = hn::And(hn::IsFinite(x), hn::IsFinite(y));
    return detail::via_double(d, [](auto, auto p, auto q) { return hn::Sqrt(hn::MulAdd(p, p, hn::Mul(q, q))); },
                              x, y);
  }
};
struct Copysign { template <class T> static T scalar(T a, T b) { return std::copysign(a, b); } };
// numpy.spacing(x): the distance to the next float away from zero (npy_spacing): NaN for
// infinities, the smallest subnormal for either zero, inf past the largest finite value.
struct Spacing {
  template <class T> static T scalar(T x) {
    if (std::isinf(x)) return std::numeric_limits<T>::quiet_NaN();
    if (x == T(0)) return std::numeric_limits<T>::denorm_min();
    return std::nextafter(x, std::copysign(std::numeric_limits<T>::infinity(), x)) - x;
  }
};
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
  // |y| <= 64 and the result a normal number, libm elsewhere (zeros, infinities, NaN, negative
  // bases, larger exponents, overflow and underflow). 256- and 512-bit vectors: power_f32's
  // table lookup needs 8 float lanes.
  template <class D, class V,
            class = std::enable_if_t<std::is_same_v<hn::TFromD<D>, float> && (HWY_MAX_BYTES >= 32)>>
  HWY_INLINE static V vector(D d, V x, V y, hn::Mask<D>& valid) {
    const hn::RebindToUnsigned<D> du;
    // One unsigned comparison for the three conditions: x and the result positive normal floats
    // (bits in [0x00800000, 0x7f800000)) and |y| <= 64 (power_f32's error bound; NaN excluded),
    // each mapped below 0x7f000000 exactly where it holds.
    constexpr uint32_t kEnd = detail::kNormalOffsetEnd;
    const auto small_y = hn::Add(hn::And(hn::BitCast(du, y), hn::Set(du, 0x7fffffffu)), hn::Set(du, kEnd - 0x42800001u));
    const V r = detail::power_f32(d, x, y);
    valid = hn::RebindMask(
        d, hn::Lt(hn::Max(hn::Max(detail::normal_offset(du, x), detail::normal_offset(du, r)), small_y), hn::Set(du, kEnd)));
    return r;
  }
  [[noreturn]] static void throw_negative_power();
};

}  // namespace muna::kernels

#include <muna/core/error.hpp>
inline void muna::kernels::Power::throw_negative_power() {
  throw ValueError("Integers to negative integer powers are not allowed.");
}
