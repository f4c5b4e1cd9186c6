// muna::python::Number: a Python number whose kind (bool, int or float) is known only at run
// time, as a name is after `total = 0` and then `total += 0.5` in a loop. Arithmetic follows
// Python: int with int stays int (OverflowError past int64, as muna's ints), anything with a
// float is a float, `/` is always a float, `**` of ints with a negative exponent is a float.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/builtins/abs.hpp"
#include "muna/python/builtins/add.hpp"
#include "muna/python/builtins/floordiv.hpp"
#include "muna/python/builtins/format.hpp"
#include "muna/python/builtins/int.hpp"
#include "muna/python/builtins/mod.hpp"
#include "muna/python/builtins/mul.hpp"
#include "muna/python/builtins/neg.hpp"
#include "muna/python/builtins/pow.hpp"
#include "muna/python/builtins/repr.hpp"
#include "muna/python/builtins/round.hpp"
#include "muna/python/builtins/sub.hpp"
#include "muna/python/builtins/truediv.hpp"

namespace muna::python {

class Number {
 public:
  enum class Kind { Bool, Int, Float };
  Number() : kind_(Kind::Int), int_(0) {}
  Number(bool x) : kind_(Kind::Bool), int_(x) {}      // NOLINT: every number is a Number
  Number(int64_t x) : kind_(Kind::Int), int_(x) {}    // NOLINT
  Number(double x) : kind_(Kind::Float), float_(x) {} // NOLINT
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                          !std::is_same_v<T, int64_t>, int> = 0>
  Number(T x) : Number(static_cast<int64_t>(x)) {}    // NOLINT
  Number(float x) : Number(static_cast<double>(x)) {} // NOLINT

  Kind kind() const { return kind_; }
  bool is_float() const { return kind_ == Kind::Float; }
  // The value as float(x) gives it.
  double as_float() const { return is_float() ? float_ : static_cast<double>(int_); }
  // The value as an int or bool; reading a float where an int is needed is Python's TypeError.
  int64_t as_int(const char* where = "an integer") const {
    if (is_float()) throw TypeError(std::string("'float' object cannot be interpreted as ") + where);
    return int_;
  }
  bool as_bool() const {
    if (kind_ != Kind::Bool) throw TypeError("expected a bool");
    return int_ != 0;
  }

 private:
  Kind kind_;
  union {
    int64_t int_;
    double float_;
  };
};

namespace number {
// Methods of int and float: x.is_integer() (False for inf and NaN), n.bit_length() and
// n.bit_count() of |n| (an int64's magnitude fits in uint64, INT64_MIN included).
inline bool is_integer(double x) { return std::isfinite(x) && std::trunc(x) == x; }
inline uint64_t magnitude(int64_t n) { return n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n); }
inline int64_t bit_length(int64_t n) { return n == 0 ? 0 : 64 - __builtin_clzll(magnitude(n)); }
inline int64_t bit_count(int64_t n) { return __builtin_popcountll(magnitude(n)); }

// The result of an arithmetic operator: ints (bools count as ints) stay ints, else floats.
template <class IntOp, class FloatOp>
Number arith(const Number& a, const Number& b, IntOp int_op, FloatOp float_op) {
  if (!a.is_float() && !b.is_float()) return Number(int_op(a.as_int(), b.as_int()));
  return Number(float_op(a.as_float(), b.as_float()));
}
inline Number add(const Number& a, const Number& b) {
  return arith(a, b, [](int64_t x, int64_t y) { return builtins::add(x, y); }, [](double x, double y) { return x + y; });
}
inline Number sub(const Number& a, const Number& b) {
  return arith(a, b, [](int64_t x, int64_t y) { return builtins::sub(x, y); }, [](double x, double y) { return x - y; });
}
inline Number mul(const Number& a, const Number& b) {
  return arith(a, b, [](int64_t x, int64_t y) { return builtins::mul(x, y); }, [](double x, double y) { return x * y; });
}
inline Number floordiv(const Number& a, const Number& b) {
  return arith(a, b, [](int64_t x, int64_t y) { return builtins::floordiv(x, y); },
               [](double x, double y) { return builtins::floordiv(x, y); });
}
inline Number mod(const Number& a, const Number& b) {
  return arith(a, b, [](int64_t x, int64_t y) { return builtins::mod(x, y); },
               [](double x, double y) { return builtins::mod(x, y); });
}
inline double truediv(const Number& a, const Number& b) {
  if (!a.is_float() && !b.is_float()) return builtins::truediv(a.as_int(), b.as_int());
  return builtins::truediv(a.as_float(), b.as_float());
}
inline Number pow(const Number& a, const Number& b) {
  if (!a.is_float() && !b.is_float() && b.as_int() >= 0) return Number(builtins::pow(a.as_int(), b.as_int()));
  return Number(builtins::pow(a.as_float(), b.as_float()));
}
inline Number neg(const Number& a) {
  return a.is_float() ? Number(-a.as_float()) : Number(builtins::neg(a.as_int()));
}
inline Number abs(const Number& a) {
  return a.is_float() ? Number(std::fabs(a.as_float())) : Number(builtins::abs(a.as_int()));
}
// round(x) is an int whatever x is; round(x, n) keeps x's kind.
inline int64_t round(const Number& a) { return a.is_float() ? builtins::round(a.as_float()) : a.as_int(); }
inline Number round(const Number& a, int64_t ndigits) {
  return a.is_float() ? Number(builtins::round(a.as_float(), ndigits)) : Number(builtins::round(a.as_int(), ndigits));
}

// Comparisons: exact between ints, Python's exact int/float comparison otherwise.
inline int compare(const Number& a, const Number& b) {
  if (!a.is_float() && !b.is_float()) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int();
  if (a.is_float() && b.is_float()) {
    if (std::isnan(a.as_float()) || std::isnan(b.as_float())) return 2;  // unordered: only != holds
    return a.as_float() < b.as_float() ? -1 : a.as_float() > b.as_float();
  }
  // One int, one float: compared as values, not by converting the int (2**63 - 1 vs 2.0**63).
  const bool flip = !a.is_float();
  const double f = flip ? b.as_float() : a.as_float();
  const int64_t i = flip ? a.as_int() : b.as_int();
  int r;
  if (std::isnan(f)) return 2;  // unordered
  if (f >= 9223372036854775808.0) r = 1;
  else if (f < -9223372036854775808.0) r = -1;
  else {
    const double t = std::trunc(f);
    const int64_t ti = static_cast<int64_t>(t);
    r = ti < i ? -1 : ti > i ? 1 : (f > t ? 1 : f < t ? -1 : 0);
  }
  return flip ? -r : r;
}
inline bool eq(const Number& a, const Number& b) { return compare(a, b) == 0; }
inline bool ne(const Number& a, const Number& b) { return compare(a, b) != 0; }
inline bool lt(const Number& a, const Number& b) { return compare(a, b) == -1; }
inline bool le(const Number& a, const Number& b) { int c = compare(a, b); return c == -1 || c == 0; }
inline bool gt(const Number& a, const Number& b) { return compare(a, b) == 1; }
inline bool ge(const Number& a, const Number& b) { int c = compare(a, b); return c == 1 || c == 0; }

inline double to_float(const Number& a) { return a.as_float(); }
// int(x): floats truncate toward zero, with CPython's errors for nan and inf.
inline int64_t to_int(const Number& a) { return a.is_float() ? builtins::int_(a.as_float()) : a.as_int(); }
}  // namespace number

// The generic algorithms (min, max, sorted, key=) compare with <: Python's int/float order.
inline bool operator<(const Number& a, const Number& b) { return number::lt(a, b); }

inline bool truth(const Number& a) { return a.is_float() ? a.as_float() != 0.0 : a.as_int() != 0; }

namespace builtins {
inline std::string repr(const Number& a) {
  switch (a.kind()) {
    case Number::Kind::Bool: return a.as_int() ? "True" : "False";
    case Number::Kind::Int: return repr(a.as_int());
    default: return repr(a.as_float());
  }
}
inline std::string str(const Number& a) { return repr(a); }
inline std::string format(const Number& a, const std::string& spec = "") {
  switch (a.kind()) {
    case Number::Kind::Bool: return format(a.as_int() != 0, spec);
    case Number::Kind::Int: return format(a.as_int(), spec);
    default: return format(a.as_float(), spec);
  }
}
}  // namespace builtins

}  // namespace muna::python
