// Arithmetic functors for the element-wise map: a scalar form and, where Highway has the
// instruction for the type, a SIMD form.
#pragma once
#include <cmath>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

struct Add {
  template <class T> static T scalar(T a, T b) { return a + b; }
  template <class D, class V> static V simd(D, V a, V b) { return hn::Add(a, b); }
};
struct Subtract {
  template <class T> static T scalar(T a, T b) { return a - b; }
  template <class D, class V> static V simd(D, V a, V b) { return hn::Sub(a, b); }
};
struct Multiply {
  template <class T> static T scalar(T a, T b) { return a * b; }
  template <class D, class V> static V simd(D, V a, V b) { return hn::Mul(a, b); }
};
// Only reached with floating operands: the compiler converts integers first (true division).
struct Divide {
  template <class T> static T scalar(T a, T b) { return a / b; }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Div(a, b); }
};
struct Negative {
  template <class T> static T scalar(T a) { return -a; }
  template <class D, class V> static V simd(D, V a) { return hn::Neg(a); }
};

}  // namespace muna::kernels
