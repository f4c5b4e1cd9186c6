// The ufunc loops of complex arrays, as NumPy 1.24's complex loops compute them: products and
// squares by the textbook formula, division by Smith's algorithm, absolute by hypot, and the
// predicates on both parts. Operands arrive converted to one complex dtype (the compiler applies
// NumPy's promotion); the element-wise driver is the real ufuncs' (detail/ufunc.hpp).
#pragma once
#include <cmath>
#include <complex>

#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy::detail {
namespace complex_ops {
struct Add {
  template <class C> static C scalar(C a, C b) { return C(a.real() + b.real(), a.imag() + b.imag()); }
};
struct Subtract {
  template <class C> static C scalar(C a, C b) { return C(a.real() - b.real(), a.imag() - b.imag()); }
};
struct Multiply {
  template <class C> static C scalar(C a, C b) {
    return C(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  }
};
struct Divide {
  template <class C> static C scalar(C a, C b) {
    using T = typename C::value_type;
    const T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    const T abs_r = std::fabs(br), abs_i = std::fabs(bi);
    if (abs_r >= abs_i) {
      if (abs_r == 0 && abs_i == 0) return C(ar / abs_r, ai / abs_r);  // a complex inf or nan
      const T rat = bi / br, scl = T(1) / (br + bi * rat);
      return C((ar + ai * rat) * scl, (ai - ar * rat) * scl);
    }
    const T rat = br / bi, scl = T(1) / (bi + br * rat);
    return C((ar * rat + ai) * scl, (ai * rat - ar) * scl);
  }
};
struct Negative {
  template <class C> static C scalar(C a) { return C(-a.real(), -a.imag()); }
};
struct Positive {
  template <class C> static C scalar(C a) { return a; }
};
struct Conjugate {
  template <class C> static C scalar(C a) { return C(a.real(), -a.imag()); }
};
struct Square {
  template <class C> static C scalar(C a) { return Multiply::scalar(a, a); }
};
struct Absolute {
  template <class C> static typename C::value_type scalar(C a) { return std::hypot(a.real(), a.imag()); }
};
struct Equal {
  template <class C> static bool scalar(C a, C b) { return a.real() == b.real() && a.imag() == b.imag(); }
};
struct NotEqual {
  template <class C> static bool scalar(C a, C b) { return !Equal::scalar(a, b); }
};
struct IsNan {
  template <class C> static bool scalar(C a) { return std::isnan(a.real()) || std::isnan(a.imag()); }
};
struct IsInf {
  template <class C> static bool scalar(C a) { return std::isinf(a.real()) || std::isinf(a.imag()); }
};
struct IsFinite {
  template <class C> static bool scalar(C a) { return std::isfinite(a.real()) && std::isfinite(a.imag()); }
};
}  // namespace complex_ops

template <class Op, class A>
auto complex_ufunc1(const A& x) {
  return apply_unary<Op>(x);
}
template <class Op, class A, class B>
auto complex_ufunc2(const A& x1, const B& x2) {
  return apply_binary<Op>(x1, x2);
}
}  // namespace muna::numpy::detail
