// math.degrees(x): x * (180 / pi), the constant rounded once, as CPython computes it.
#pragma once

namespace muna::python::math {

inline double degrees(double x) {
  constexpr double rad_to_deg = 180.0 / 3.14159265358979323846;
  return x * rad_to_deg;
}

}  // namespace muna::python::math
