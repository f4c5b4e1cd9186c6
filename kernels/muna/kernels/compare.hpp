// Comparison, extremum, logical and bitwise functors for the element-wise map.
#pragma once
#include <cmath>
#include <type_traits>

#include <muna/kernels/simd.hpp>

namespace muna::kernels {

// Comparisons give bool; the map runs them in the scalar form (bool has no Highway lanes), which
// g++ vectorises on contiguous runs.
struct Equal { template <class T> static bool scalar(T a, T b) { return a == b; } };
struct NotEqual { template <class T> static bool scalar(T a, T b) { return a != b; } };
struct Less { template <class T> static bool scalar(T a, T b) { return a < b; } };
struct LessEqual { template <class T> static bool scalar(T a, T b) { return a <= b; } };
struct Greater { template <class T> static bool scalar(T a, T b) { return a > b; } };
struct GreaterEqual { template <class T> static bool scalar(T a, T b) { return a >= b; } };

// numpy.maximum / numpy.minimum propagate NaN (either operand NaN gives that NaN).
struct Maximum {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return a >= b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(a), a, hn::IfThenElse(hn::IsNaN(b), b, hn::Max(a, b)));
  }
};
struct Minimum {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
    }
    return a <= b ? a : b;
  }
  template <class D, class V, class = std::enable_if_t<hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) {
    return hn::IfThenElse(hn::IsNaN(a), a, hn::IfThenElse(hn::IsNaN(b), b, hn::Min(a, b)));
  }
};
// numpy.fmax / numpy.fmin ignore a NaN operand (NaN only when both are NaN).
struct Fmax {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(b)) return a;
      if (std::isnan(a)) return b;
    }
    return a >= b ? a : b;
  }
};
struct Fmin {
  template <class T> static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(b)) return a;
      if (std::isnan(a)) return b;
    }
    return a <= b ? a : b;
  }
};

struct LogicalAnd { template <class T> static bool scalar(T a, T b) { return a != T(0) && b != T(0); } };
struct LogicalOr { template <class T> static bool scalar(T a, T b) { return a != T(0) || b != T(0); } };
struct LogicalXor { template <class T> static bool scalar(T a, T b) { return (a != T(0)) != (b != T(0)); } };
struct LogicalNot { template <class T> static bool scalar(T a) { return !(a != T(0)); } };

struct BitwiseAnd {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a & b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::And(a, b); }
};
struct BitwiseOr {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a | b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Or(a, b); }
};
struct BitwiseXor {
  template <class T> static T scalar(T a, T b) { return static_cast<T>(a ^ b); }
  template <class D, class V, class = std::enable_if_t<!hwy::IsFloat<hn::TFromD<D>>()>>
  static V simd(D, V a, V b) { return hn::Xor(a, b); }
};
struct Invert {
  template <class T> static T scalar(T a) {
    if constexpr (std::is_same_v<T, bool>) return !a;
    else return static_cast<T>(~a);
  }
};
// Shifts by at least the bit width give 0 (left) or the sign fill (right), as NumPy defines them
// (C leaves them undefined).
struct LeftShift {
  template <class T> static T scalar(T a, T b) {
    using U = std::make_unsigned_t<T>;
    if (b < 0 || b >= static_cast<T>(sizeof(T) * 8)) return 0;
    return static_cast<T>(static_cast<U>(a) << b);
  }
};
struct RightShift {
  template <class T> static T scalar(T a, T b) {
    if (b < 0 || b >= static_cast<T>(sizeof(T) * 8)) return a < 0 ? T(-1) : T(0);
    return static_cast<T>(a >> b);
  }
};

struct IsNan {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isnan(a);
    else return false;
  }
};
struct IsInf {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isinf(a);
    else return false;
  }
};
struct IsFinite {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::isfinite(a);
    else return true;
  }
};
struct Signbit {
  template <class T> static bool scalar(T a) {
    if constexpr (std::is_floating_point_v<T>) return std::signbit(a);
    else if constexpr (std::is_signed_v<T>) return a < 0;
    else return false;
  }
};

}  // namespace muna::kernels
