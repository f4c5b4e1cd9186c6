// math.isnan(x)
#pragma once
#include <cmath>

namespace muna::python::math {

inline bool isnan(double x) { return std::isnan(x); }

}  // namespace muna::python::math
