// math.isinf(x)
#pragma once
#include <cmath>

namespace muna::python::math {

inline bool isinf(double x) { return std::isinf(x); }

}  // namespace muna::python::math
