// How CPython's math module wraps libm (Modules/mathmodule.c: math_1, math_1a, math_2 and
// is_error): which results are errors and which exception each one raises. The functions
// themselves are libm's, so results are bit for bit CPython's on the same C library.
#pragma once
#include <cerrno>
#include <cmath>
#include <cstring>
#include <string>

#include "muna/core/error.hpp"

namespace muna::python::math::detail {

[[noreturn]] inline void domain_error() { throw ValueError("math domain error"); }
[[noreturn]] inline void range_error() { throw OverflowError("math range error"); }

// The argument as the compiler cannot know it: g++ folds libm calls on constants with MPFR,
// correctly rounded, which can differ from libm's result in the last bit; CPython calls libm.
inline double opaque(double x) {
  volatile double v = x;
  return v;
}

// is_error(): errno after a libm call. ERANGE with a result below 1.5 in magnitude is an
// underflow (to 0, or expm1's to -1), which CPython does not report.
inline void check_errno(double result) {
  const int e = errno;
  if (e == 0) return;
  if (e == EDOM) domain_error();
  if (e == ERANGE) {
    if (std::fabs(result) < 1.5) return;
    range_error();
  }
  throw ValueError("[Errno " + std::to_string(e) + "] " + std::strerror(e));
}

// math_1: a NaN from a non-NaN is a domain error; an infinity from a finite argument is a
// range error where the function can overflow (exp, cosh, ...) and a domain error (a
// singularity) otherwise.
template <class F>
double math_1(double x, F f, bool can_overflow) {
  errno = 0;
  const double r = f(opaque(x));
  if (std::isnan(r) && !std::isnan(x)) domain_error();
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) range_error();
    domain_error();
  }
  if (std::isfinite(r)) check_errno(r);
  return r;
}

// math_1a: for functions that set errno themselves (erf, erfc, gamma, lgamma).
template <class F>
double math_1a(double x, F f) {
  errno = 0;
  const double r = f(opaque(x));
  check_errno(r);
  return r;
}

// math_2: as math_1 for two arguments; an infinity from finite arguments is a range error.
template <class F>
double math_2(double x, double y, F f) {
  errno = 0;
  const double r = f(opaque(x), opaque(y));
  if (std::isnan(r))
    errno = (!std::isnan(x) && !std::isnan(y)) ? EDOM : 0;
  else if (std::isinf(r))
    errno = (std::isfinite(x) && std::isfinite(y)) ? ERANGE : 0;
  check_errno(r);
  return r;
}

// CPython's m_log, m_log2 and m_log10 around libm's log, log2, log10: the special values are
// settled first (log(0) is -inf and log of a negative or -inf is NaN, both with EDOM, which
// math_1 turns into ValueError("math domain error"); log(inf) = inf, log(nan) = nan).
template <class F>
double logarithm(double x, F f) {
  if (std::isfinite(x)) {
    if (x > 0.0) return f(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return NAN;
}

}  // namespace muna::python::math::detail
