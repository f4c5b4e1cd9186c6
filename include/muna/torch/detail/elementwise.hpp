// torch's element-wise functions. The compiler has already applied torch's type promotion, so
// both operands arrive with one element type; the functors here hold torch's semantics where
// they differ from C++ (floor division and remainder follow Python's signs, integer division by
// zero raises, maximum/minimum propagate NaN, bfloat16 math runs in float and rounds once).
// Iteration and broadcasting are NumPy's drivers (<muna/numpy/detail/ufunc.hpp>), whose
// contiguous runs go to the SIMD map of <muna/kernels/elementwise.hpp>.
#pragma once
#include <cmath>
#include <functional>
#include <type_traits>

#include <muna/kernels/activation.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/kernels/transcendental.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch::detail {
namespace hn = kernels::hn;

// Op evaluated in float for bfloat16 operands; a float result is rounded back to bfloat16.
template <class Op>
struct InFloat {
  template <class... T>
  static auto scalar(T... x) {
    using R = decltype(Op::scalar(static_cast<float>(x)...));
    if constexpr (std::is_same_v<R, float>) return bfloat16(Op::scalar(static_cast<float>(x)...));
    else return Op::scalar(static_cast<float>(x)...);
  }
};
template <class Op, class T>
using for_t = std::conditional_t<std::is_same_v<T, bfloat16>, InFloat<Op>, Op>;

template <class Op, class A, class B>
auto binary(const A& a, const B& b) {
  using T = typename numpy::detail::tensor_element<A>::type;
  return numpy::detail::apply_binary<for_t<Op, T>>(a, b);
}
template <class Op, class T>
auto unary(const Tn<T>& x) {
  return numpy::detail::apply_unary<for_t<Op, T>>(x);
}

// --- functors with torch's semantics ----------------------------------------------------------
struct FloorDivide {
  template <class T>
  static T scalar(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) throw RuntimeError("ZeroDivisionError");  // torch raises RuntimeError with this text
      if constexpr (std::is_signed_v<T>) {
        // C++ truncates; Python and torch floor.
        const T q = static_cast<T>(a / b);
        return (a % b != 0 && ((a < 0) != (b < 0))) ? static_cast<T>(q - 1) : q;
      } else {
        return a / b;
      }
    } else {
      // torch's div_floor_floating (and CPython's float floordiv): exact for representable
      // quotients where floor(a / b) would round first.
      if (b == 0) return a / b;
      T mod = std::fmod(a, b);
      T div = (a - mod) / b;
      if (mod != 0 && ((b < 0) != (mod < 0))) div -= T(1);
      if (div == 0) return std::copysign(T(0), a / b);
      T floordiv = std::floor(div);
      if (div - floordiv > T(0.5)) floordiv += T(1);
      return floordiv;
    }
  }
};
struct Remainder {
  template <class T>
  static T scalar(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) throw RuntimeError("ZeroDivisionError");  // torch raises RuntimeError with this text
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;  // INT_MIN % -1 overflows in C++
        const T r = static_cast<T>(a % b);
        return (r != 0 && ((r < 0) != (b < 0))) ? static_cast<T>(r + b) : r;
      } else {
        return a % b;
      }
    } else {
      T r = std::fmod(a, b);
      if (r != 0 && ((b < 0) != (r < 0))) r += b;
      return r;
    }
  }
};
struct Pow {
  template <class T>
  static T scalar(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      if constexpr (std::is_signed_v<T>) {
        if (b < 0) {
          if (a == 1) return 1;
          if (a == -1) return (b % 2) ? -1 : 1;
          throw RuntimeError("Integers to negative integer powers are not allowed.");
        }
      }
      T result = 1, base = a;
      for (auto e = b; e > 0; e /= 2) {  // wraps on overflow, as torch's integer pow does
        if (e % 2) result = static_cast<T>(result * base);
        base = static_cast<T>(base * base);
      }
      return result;
    } else {
      return std::pow(a, b);
    }
  }
};
struct Maximum {
  template <class T>
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    }
    return a > b ? a : b;
  }
};
struct Minimum {
  template <class T>
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    }
    return a < b ? a : b;
  }
};
// Comparisons and logical functions: a std function object applied to the operands (logical
// ones to their truth values); the result is bool.
template <class Fn, bool Truth = false>
struct Predicate {
  template <class T> static bool scalar(T a, T b) {
    if constexpr (Truth) return Fn{}(a != T{}, b != T{});
    else return Fn{}(a, b);
  }
};
using Eq = Predicate<std::equal_to<>>;
using Ne = Predicate<std::not_equal_to<>>;
using Lt = Predicate<std::less<>>;
using Le = Predicate<std::less_equal<>>;
using Gt = Predicate<std::greater<>>;
using Ge = Predicate<std::greater_equal<>>;
using LogicalAnd = Predicate<std::logical_and<>, true>;
using LogicalOr = Predicate<std::logical_or<>, true>;
using LogicalXor = Predicate<std::not_equal_to<>, true>;
struct BitAnd {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a & b); }
};
struct BitOr {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a | b); }
};
struct BitXor {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a ^ b); }
};
struct BitNot {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_same_v<T, bool>) return !a;
    else return static_cast<T>(~a);
  }
};
struct LogicalNot {
  template <class T> static bool scalar(T a) { return a == T{}; }
};
struct Neg {
  template <class T> static T scalar(T a) { return static_cast<T>(-a); }
  template <class D, class V> static V simd(D, V a) { return hn::Neg(a); }
};
struct Abs {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::fabs(a);
    else if constexpr (std::is_signed_v<T>) return static_cast<T>(a < 0 ? -a : a);
    else return a;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a) { return hn::Abs(a); }
};
struct Sign {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_same_v<T, bool>) return a;
    else return static_cast<T>((T{} < a) - (a < T{}));
  }
};
// Functions of one float argument through libm (scalar form only).
struct Log {
  template <class T> static T scalar(T x) { return std::log(x); }
};
struct Sin {
  template <class T> static T scalar(T x) { return std::sin(x); }
};
struct Cos {
  template <class T> static T scalar(T x) { return std::cos(x); }
};
struct Erf {
  template <class T> static T scalar(T x) { return std::erf(x); }
};
struct Floor {
  template <class T> static T scalar(T x) { return std::floor(x); }
};
struct Ceil {
  template <class T> static T scalar(T x) { return std::ceil(x); }
};
struct Log1p {
  template <class T> static T scalar(T x) { return std::log1p(x); }
};
struct Expm1 {
  template <class T> static T scalar(T x) { return std::expm1(x); }
};
struct Log2 {
  template <class T> static T scalar(T x) { return std::log2(x); }
};
struct Log10 {
  template <class T> static T scalar(T x) { return std::log10(x); }
};
struct Square {
  template <class T> static T scalar(T x) { return static_cast<T>(x * x); }
};
struct Round {
  template <class T> static T scalar(T x) { return std::nearbyint(x); }  // half to even, as torch.round
};
struct Trunc {
  template <class T> static T scalar(T x) { return std::trunc(x); }
};
struct Reciprocal {
  template <class T> static T scalar(T x) { return T(1) / x; }
};
struct Rsqrt {
  template <class T> static T scalar(T x) { return T(1) / std::sqrt(x); }
};

// clamp(x, lo, hi) with NaN passing through, as torch.clamp.
template <class T>
struct Clamp {
  bool has_lo, has_hi;
  T lo, hi;
  T operator()(T x) const {
    if constexpr (std::is_floating_point_v<compute_t<T>>) {
      if (std::isnan(static_cast<compute_t<T>>(x))) return x;
    }
    compute_t<T> v = static_cast<compute_t<T>>(x);
    if (has_lo && v < static_cast<compute_t<T>>(lo)) v = static_cast<compute_t<T>>(lo);
    if (has_hi && v > static_cast<compute_t<T>>(hi)) v = static_cast<compute_t<T>>(hi);
    return static_cast<T>(v);
  }
};

// out = f(x) for a stateful functor (clamp, masked values), one scalar loop.
template <class U, class T, class Fn>
Tn<U> map_with(const Tn<T>& x, Fn&& fn) {
  Tn<U> out(x.shape());
  U* dst = out.data();
  const Shape* strides[1] = {&x.strides()};
  for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
    const T* src = x.data() + off[0];
    const int64_t step = x.ndim() ? x.strides().back() : 0;
    for (int64_t i = 0; i < n; ++i) *dst++ = fn(src[i * step]);
  });
  return out;
}

// A ternary walk with broadcasting: out[i] = fn(a[i], b[i], c[i]) (torch.where, masked_fill).
template <class U, class A, class B, class C, class Fn>
Tn<U> ternary(const Tn<A>& a, const Tn<B>& b, const Tn<C>& c, Fn&& fn) {
  const Shape shape = broadcast_shapes(broadcast_shapes(a.shape(), b.shape()), c.shape());
  const Shape sa = broadcast_strides(a.shape(), a.strides(), shape);
  const Shape sb = broadcast_strides(b.shape(), b.strides(), shape);
  const Shape sc = broadcast_strides(c.shape(), c.strides(), shape);
  Tn<U> out(shape);
  U* dst = out.data();
  const Shape* strides[3] = {&sa, &sb, &sc};
  const bool rank0 = shape.empty();
  for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    const int64_t ka = rank0 ? 0 : sa.back(), kb = rank0 ? 0 : sb.back(), kc = rank0 ? 0 : sc.back();
    for (int64_t i = 0; i < n; ++i)
      *dst++ = fn(a.data()[off[0] + i * ka], b.data()[off[1] + i * kb], c.data()[off[2] + i * kc]);
  });
  return out;
}

}  // namespace muna::torch::detail

namespace muna::torch {

// --- binary functions (operators dispatch here) -----------------------------------------------
template <class A, class B> auto add(const A& a, const B& b) { return detail::binary<kernels::Add>(a, b); }
template <class A, class B> auto sub(const A& a, const B& b) { return detail::binary<kernels::Subtract>(a, b); }
template <class A, class B> auto mul(const A& a, const B& b) { return detail::binary<kernels::Multiply>(a, b); }
template <class A, class B> auto div(const A& a, const B& b) { return detail::binary<kernels::Divide>(a, b); }
template <class A, class B> auto floor_divide(const A& a, const B& b) { return detail::binary<detail::FloorDivide>(a, b); }
template <class A, class B> auto remainder(const A& a, const B& b) { return detail::binary<detail::Remainder>(a, b); }
template <class A, class B> auto pow(const A& a, const B& b) { return detail::binary<detail::Pow>(a, b); }
template <class A, class B> auto maximum(const A& a, const B& b) { return detail::binary<detail::Maximum>(a, b); }
template <class A, class B> auto minimum(const A& a, const B& b) { return detail::binary<detail::Minimum>(a, b); }
template <class A, class B> auto eq(const A& a, const B& b) { return detail::binary<detail::Eq>(a, b); }
template <class A, class B> auto ne(const A& a, const B& b) { return detail::binary<detail::Ne>(a, b); }
template <class A, class B> auto lt(const A& a, const B& b) { return detail::binary<detail::Lt>(a, b); }
template <class A, class B> auto le(const A& a, const B& b) { return detail::binary<detail::Le>(a, b); }
template <class A, class B> auto gt(const A& a, const B& b) { return detail::binary<detail::Gt>(a, b); }
template <class A, class B> auto ge(const A& a, const B& b) { return detail::binary<detail::Ge>(a, b); }
template <class A, class B> auto logical_and(const A& a, const B& b) { return detail::binary<detail::LogicalAnd>(a, b); }
template <class A, class B> auto logical_or(const A& a, const B& b) { return detail::binary<detail::LogicalOr>(a, b); }
template <class A, class B> auto logical_xor(const A& a, const B& b) { return detail::binary<detail::LogicalXor>(a, b); }
template <class A, class B> auto bitwise_and(const A& a, const B& b) { return detail::binary<detail::BitAnd>(a, b); }
template <class A, class B> auto bitwise_or(const A& a, const B& b) { return detail::binary<detail::BitOr>(a, b); }
template <class A, class B> auto bitwise_xor(const A& a, const B& b) { return detail::binary<detail::BitXor>(a, b); }
template <class A, class B> auto atan2(const A& a, const B& b) { return detail::binary<kernels::Arctan2>(a, b); }

// --- unary functions ----------------------------------------------------------------------------
template <class T> detail::Tn<T> neg(const detail::Tn<T>& x) { return detail::unary<detail::Neg>(x); }
template <class T> detail::Tn<T> abs(const detail::Tn<T>& x) { return detail::unary<detail::Abs>(x); }
template <class T> detail::Tn<T> sign(const detail::Tn<T>& x) { return detail::unary<detail::Sign>(x); }
template <class T> detail::Tn<T> exp(const detail::Tn<T>& x) { return detail::unary<kernels::Exp>(x); }
template <class T> detail::Tn<T> sqrt(const detail::Tn<T>& x) { return detail::unary<kernels::Sqrt>(x); }
template <class T> detail::Tn<T> rsqrt(const detail::Tn<T>& x) { return detail::unary<detail::Rsqrt>(x); }
template <class T> detail::Tn<T> log(const detail::Tn<T>& x) { return detail::unary<detail::Log>(x); }
template <class T> detail::Tn<T> sin(const detail::Tn<T>& x) { return detail::unary<detail::Sin>(x); }
template <class T> detail::Tn<T> cos(const detail::Tn<T>& x) { return detail::unary<detail::Cos>(x); }
template <class T> detail::Tn<T> atan(const detail::Tn<T>& x) { return detail::unary<kernels::Arctan>(x); }
template <class T> detail::Tn<T> erf(const detail::Tn<T>& x) { return detail::unary<detail::Erf>(x); }
template <class T> detail::Tn<T> floor(const detail::Tn<T>& x) { return detail::unary<detail::Floor>(x); }
template <class T> detail::Tn<T> ceil(const detail::Tn<T>& x) { return detail::unary<detail::Ceil>(x); }
template <class T> detail::Tn<T> round(const detail::Tn<T>& x) { return detail::unary<detail::Round>(x); }
template <class T> detail::Tn<T> trunc(const detail::Tn<T>& x) { return detail::unary<detail::Trunc>(x); }
template <class T> detail::Tn<T> reciprocal(const detail::Tn<T>& x) { return detail::unary<detail::Reciprocal>(x); }
template <class T> detail::Tn<T> tanh(const detail::Tn<T>& x) { return detail::unary<kernels::Tanh>(x); }
template <class T> detail::Tn<T> sigmoid(const detail::Tn<T>& x) { return detail::unary<kernels::Sigmoid>(x); }
template <class T> detail::Tn<T> relu(const detail::Tn<T>& x) { return detail::unary<kernels::Relu>(x); }
template <class T> detail::Tn<T> bitwise_not(const detail::Tn<T>& x) { return detail::unary<detail::BitNot>(x); }
template <class T> detail::Tn<bool> logical_not(const detail::Tn<T>& x) { return detail::unary<detail::LogicalNot>(x); }

template <class T> detail::Tn<T> log1p(const detail::Tn<T>& x) { return detail::unary<detail::Log1p>(x); }
template <class T> detail::Tn<T> expm1(const detail::Tn<T>& x) { return detail::unary<detail::Expm1>(x); }
template <class T> detail::Tn<T> log2(const detail::Tn<T>& x) { return detail::unary<detail::Log2>(x); }
template <class T> detail::Tn<T> log10(const detail::Tn<T>& x) { return detail::unary<detail::Log10>(x); }
template <class T> detail::Tn<T> square(const detail::Tn<T>& x) { return detail::unary<detail::Square>(x); }
template <class T> detail::Tn<bool> isinf(const detail::Tn<T>& x) {
  return detail::map_with<bool>(x, [](T v) { return std::isinf(static_cast<double>(v)); });
}
template <class T> detail::Tn<bool> isfinite(const detail::Tn<T>& x) {
  return detail::map_with<bool>(x, [](T v) { return std::isfinite(static_cast<double>(v)); });
}
template <class T> detail::Tn<bool> isnan(const detail::Tn<T>& x) {
  return detail::map_with<bool>(x, [](T v) { return v != v; });
}

// clamp with optional bounds (None or a number of the tensor's dtype).
template <class T, class Lo, class Hi>
detail::Tn<T> clamp(const detail::Tn<T>& x, const Lo& min, const Hi& max) {
  detail::Clamp<T> c{!std::is_same_v<Lo, NoneType>, !std::is_same_v<Hi, NoneType>, T{}, T{}};
  if constexpr (!std::is_same_v<Lo, NoneType>) c.lo = static_cast<T>(min);
  if constexpr (!std::is_same_v<Hi, NoneType>) c.hi = static_cast<T>(max);
  if (c.has_lo && c.has_hi && static_cast<double>(c.lo) > static_cast<double>(c.hi)) {
    // torch: every element becomes max when min > max.
    c.lo = c.hi;
  }
  return detail::map_with<T>(x, c);
}

// where(condition, x, y): x and y already promoted to one dtype; scalars become 0-d views.
template <class A, class B>
auto where(const detail::Tn<bool>& condition, const A& x, const B& y) {
  using T = typename numpy::detail::tensor_element<A>::type;
  const auto tx = numpy::detail::as_tensor<T>(x);
  const auto ty = numpy::detail::as_tensor<T>(y);
  return detail::ternary<T>(condition, tx, ty, [](bool c, T a, T b) { return c ? a : b; });
}

template <class T, class V>
detail::Tn<T> masked_fill(const detail::Tn<T>& x, const detail::Tn<bool>& mask, const V& value) {
  const T v = detail::checked_scalar<T>(value);
  const auto tv = numpy::detail::scalar_view(v);
  detail::Tn<T> out = detail::ternary<T>(x, mask, tv, [](T a, bool m, T b) { return m ? b : a; });
  if (out.shape() != x.shape())
    throw RuntimeError("masked_fill: the mask of shape " + shape_str(mask.shape()) +
                       " does not broadcast to the tensor's shape " + shape_str(x.shape()));
  return out;
}

// In-place forms: compute in the promoted dtype C, write back into x (a view: every alias sees
// the change, as in torch), return x.
template <class C, class T, class B> detail::Tn<T> add_(const detail::Tn<T>& x, const B& y) { detail::copy_into(x, add(cast<C>(x), y)); return x; }
template <class C, class T, class B> detail::Tn<T> sub_(const detail::Tn<T>& x, const B& y) { detail::copy_into(x, sub(cast<C>(x), y)); return x; }
template <class C, class T, class B> detail::Tn<T> mul_(const detail::Tn<T>& x, const B& y) { detail::copy_into(x, mul(cast<C>(x), y)); return x; }
template <class C, class T, class B> detail::Tn<T> div_(const detail::Tn<T>& x, const B& y) { detail::copy_into(x, div(cast<C>(x), y)); return x; }
template <class T, class Lo, class Hi>
detail::Tn<T> clamp_(const detail::Tn<T>& x, const Lo& lo, const Hi& hi) { detail::copy_into(x, clamp(x, lo, hi)); return x; }
template <class T, class V>
detail::Tn<T> masked_fill_(const detail::Tn<T>& x, const detail::Tn<bool>& mask, const V& value) { detail::copy_into(x, masked_fill(x, mask, value)); return x; }
template <class T, class V>
detail::Tn<T> fill_(const detail::Tn<T>& x, const V& value) { detail::copy_into(x, detail::scalar_tensor(detail::checked_scalar<T>(value))); return x; }
template <class T> detail::Tn<T> zero_(const detail::Tn<T>& x) { return fill_(x, 0); }
template <class T> detail::Tn<T> relu_(const detail::Tn<T>& x) { detail::copy_into(x, relu(x)); return x; }
template <class T, class S> detail::Tn<T> copy_(const detail::Tn<T>& x, const detail::Tn<S>& src) { detail::copy_into(x, src); return x; }

}  // namespace muna::torch
