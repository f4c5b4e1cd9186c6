// divmod(a, b)
#pragma once
#include <cstdint>
#include <tuple>

#include "muna/core/error.hpp"
#include "muna/python/builtins/floordiv.hpp"
#include "muna/python/builtins/mod.hpp"

namespace muna::python::builtins {

inline std::tuple<int64_t, int64_t> divmod(int64_t a, int64_t b) {
  if (b == 0) throw ZeroDivisionError("integer division or modulo by zero");
  return {floordiv(a, b), mod(a, b)};
}

inline std::tuple<double, double> divmod(double a, double b) {
  if (b == 0.0) throw ZeroDivisionError("float divmod()");
  double q, r;
  detail::float_div_mod(a, b, q, r);
  return {q, r};
}

}  // namespace muna::python::builtins
