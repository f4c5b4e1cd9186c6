// Activation functors for the element-wise map (<muna/kernels/elementwise.hpp>): each has a
// scalar reference (libm) and, for float types, a SIMD form on Highway's contrib math. The two
// forms agree within a few ulps; tests compare both against torch.
#pragma once
#include <cmath>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/simd.hpp>
#include <muna/kernels/transcendental.hpp>

namespace muna::kernels {

// Highway's Exp clamps its argument, so exp(NaN) is finite: NaN inputs are passed through.
// (IsNaN, not Ne(x, x): Highway 1.0.3 compares ordered, so NaN != NaN is false.)
template <class D, class V>
V keep_nan(D, V x, V y) { return hn::IfThenElse(hn::IsNaN(x), x, y); }

// Tanh is transcendental.hpp's (Highway's Tanh inside its valid range, libm outside and for NaN).

// 1 / (1 + exp(-x)); exp overflowing to inf for very negative x gives the exact 0.
struct Sigmoid {
  template <class T> static T scalar(T x) { return T(1) / (T(1) + std::exp(-x)); }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D d, V x) {
    const V one = hn::Set(d, hn::TFromD<D>(1));
    return keep_nan(d, x, hn::Div(one, hn::Add(one, hn::Exp(d, hn::Neg(x)))));
  }
};

// max(x, 0) that keeps NaN (x < 0 is false for NaN), as torch.relu.
struct Relu {
  template <class T> static T scalar(T x) { return x < T(0) ? T(0) : x; }
  template <class D, class V> static V simd(D d, V x) {
    return hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Zero(d), x);
  }
};

// x * sigmoid(x), the form torch's CPU kernel computes.
struct Silu {
  template <class T> static T scalar(T x) { return x / (T(1) + std::exp(-x)); }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D d, V x) {
    const V one = hn::Set(d, hn::TFromD<D>(1));
    return keep_nan(d, x, hn::Div(x, hn::Add(one, hn::Exp(d, hn::Neg(x)))));
  }
};

// gelu(approximate='none'): x * 0.5 * (1 + erf(x / sqrt(2))). Highway has no erf: scalar only.
struct GeluErf {
  template <class T> static T scalar(T x) {
    return x * T(0.5) * (T(1) + std::erf(x * T(0.70710678118654752440)));
  }
};

// gelu(approximate='tanh'): 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
struct GeluTanh {
  template <class T> static T scalar(T x) {
    const T inner = T(0.79788456080286535588) * (x + T(0.044715) * x * x * x);
    return T(0.5) * x * (T(1) + std::tanh(inner));
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D d, V x) {
    using T = hn::TFromD<D>;
    const V cube = hn::Mul(hn::Mul(x, x), x);
    const V inner = hn::Mul(hn::Set(d, T(0.79788456080286535588)),
                            hn::Add(x, hn::Mul(hn::Set(d, T(0.044715)), cube)));
    const V half_x = hn::Mul(hn::Set(d, T(0.5)), x);
    return keep_nan(d, x, hn::Mul(half_x, hn::Add(hn::Set(d, T(1)), hn::Tanh(d, inner))));
  }
};

}  // namespace muna::kernels
