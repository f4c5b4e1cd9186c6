// math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): CPython's test, the "weak" one from Boost:
// abs(a - b) <= max(rel_tol * max(abs(a), abs(b)), abs_tol); NaN is close to nothing, an
// infinity only to itself; ValueError("tolerances must be non-negative").
#pragma once
#include <cmath>

#include "muna/core/error.hpp"

namespace muna::python::math {

inline bool isclose(double a, double b, double rel_tol, double abs_tol) {
  if (rel_tol < 0.0 || abs_tol < 0.0) throw ValueError("tolerances must be non-negative");
  if (a == b) return true;
  if (std::isinf(a) || std::isinf(b)) return false;
  const double diff = std::fabs(b - a);
  return diff <= std::fabs(rel_tol * b) || diff <= std::fabs(rel_tol * a) || diff <= abs_tol;
}

}  // namespace muna::python::math
