// math.radians(x): x * (pi / 180), the constant rounded once, as CPython computes it.
#pragma once

namespace muna::python::math {

inline double radians(double x) {
  constexpr double deg_to_rad = 3.14159265358979323846 / 180.0;
  return x * deg_to_rad;
}

}  // namespace muna::python::math
