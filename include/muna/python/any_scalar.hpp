// muna::python::AnyScalar: a number that is a Python number (bool, int, float) or a NumPy
// scalar, which one known only at run time: `max(x.max(), 1e-12)` is the NumPy scalar where it
// is the larger, else the Python float, and the two differ in type (NumPy's scalars keep
// their dtype through arithmetic, Python's floats raise ZeroDivisionError). Generated code
// reads one only in the branch of a switch on its kind (codegen/muna/dispatch.py), so each op
// on it runs the static code of the kind it holds.
#pragma once
#include <cstdint>
#include <functional>
#include <type_traits>

#include <muna/core/array.hpp>
#include <muna/core/dtype.hpp>
#include <muna/core/error.hpp>
#include <muna/python/number.hpp>

namespace muna::python {

// Its kind as a dispatch key (muna::dispatch_key): a NumPy scalar's dtype, or one of these
// three, past every DType.
inline constexpr DType kPyBool = static_cast<DType>(11);
inline constexpr DType kPyInt = static_cast<DType>(12);
inline constexpr DType kPyFloat = static_cast<DType>(13);

class AnyScalar {
 public:
  AnyScalar() : key_(kPyInt), int_(0) {}
  AnyScalar(bool x) : key_(kPyBool), int_(x) {}       // NOLINT: a Python number is one
  AnyScalar(int64_t x) : key_(kPyInt), int_(x) {}     // NOLINT
  AnyScalar(double x) : key_(kPyFloat), float_(x) {}  // NOLINT
  AnyScalar(const Number& x) : AnyScalar() {          // NOLINT
    if (x.kind() == Number::Kind::Float) *this = AnyScalar(x.as_float());
    else if (x.kind() == Number::Kind::Bool) *this = AnyScalar(x.as_int() != 0);
    else *this = AnyScalar(x.as_int());
  }
  // A NumPy scalar of T's dtype (float32 and every integer dtype held exactly).
  template <class T>
  static AnyScalar numpy(T x) {
    AnyScalar out;
    out.key_ = dtype_v<T>;
    if constexpr (std::is_floating_point_v<T>) out.float_ = static_cast<double>(x);
    else out.int_ = static_cast<int64_t>(x);
    return out;
  }

  DType key() const { return key_; }
  bool is_python() const { return static_cast<int>(key_) >= static_cast<int>(kPyBool); }
  bool is_float() const { return key_ == kPyFloat || key_ == DType::Float32 || key_ == DType::Float64; }
  // The value as a number of Python's (a NumPy integer as an int, a NumPy float as a float).
  Number number() const {
    if (is_float()) return Number(float_);
    if (key_ == kPyBool || key_ == DType::Bool) return Number(int_ != 0);
    return Number(int_);
  }
  // The value, read in the branch of its kind (T: that kind's C++ type).
  template <class T>
  T as() const {
    if constexpr (std::is_same_v<T, bool>) return int_ != 0;
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(float_);
    else return static_cast<T>(int_);
  }

 private:
  DType key_;
  union {
    int64_t int_;
    double float_;
  };
};

// A NumPy scalar of run-time dtype (a 0-d Array standing for it) as an AnyScalar.
inline AnyScalar numpy_scalar_of(const Array& x) {
  return std::visit([](const auto& t) -> AnyScalar {
    using T = typename std::decay_t<decltype(t)>::value_type;
    if constexpr (std::is_arithmetic_v<T>) return AnyScalar::numpy(t.data()[0]);
    else throw NotImplementedError("a NumPy scalar of this dtype beside a Python number");
  }, x.variant());
}

// The order min() and max() take: Python's between Python numbers (an int and a float
// compared as values); with a NumPy scalar, NumPy's (a float beside an int in float64).
inline bool operator<(const AnyScalar& a, const AnyScalar& b) {
  if ((a.is_python() && b.is_python()) || (!a.is_float() && !b.is_float()))
    return number::lt(a.number(), b.number());
  return a.number().as_float() < b.number().as_float();
}

// a == b by value, as Python and NumPy compare numbers of different types (1 == 1.0 == True).
inline bool operator==(const AnyScalar& a, const AnyScalar& b) { return number::eq(a.number(), b.number()); }
inline bool operator!=(const AnyScalar& a, const AnyScalar& b) { return !(a == b); }

// `if x:` — zero is false (NaN is true), as for each kind it may hold.
inline bool truth(const AnyScalar& x) { return x.is_float() ? x.as<double>() != 0.0 : x.as<int64_t>() != 0; }

}  // namespace muna::python

// hash(x) of the number it holds: equal numbers hash alike (a set of them is a set of values).
template <> struct std::hash<muna::python::AnyScalar> {
  size_t operator()(const muna::python::AnyScalar& x) const {
    const double d = x.number().as_float();
    return std::hash<double>{}(d == 0 ? 0.0 : d);
  }
};
