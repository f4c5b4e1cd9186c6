// math.nextafter(x, y): the next float after x towards y (libm's nextafter; Python 3.11 has no
// steps= argument).
#pragma once
#include <cmath>

namespace muna::python::math {

inline double nextafter(double x, double y) { return std::nextafter(x, y); }

}  // namespace muna::python::math
