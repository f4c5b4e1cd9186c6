// math.isfinite(x)
#pragma once
#include <cmath>

namespace muna::python::math {

inline bool isfinite(double x) { return std::isfinite(x); }

}  // namespace muna::python::math
