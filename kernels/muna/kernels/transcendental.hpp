// Vectorised transcendental functions (Highway's contrib/math) with libm as the scalar form.
#pragma once
#include <cmath>

#include <hwy/contrib/math/math-inl.h>
#include <muna/kernels/simd.hpp>

namespace muna::kernels {

struct Exp {
  template <class T> static T scalar(T x) { return std::exp(x); }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D d, V x) { return hn::Exp(d, x); }
};
struct Sqrt {
  template <class T> static T scalar(T x) { return std::sqrt(x); }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V x) { return hn::Sqrt(x); }
};

}  // namespace muna::kernels
