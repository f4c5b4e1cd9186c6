// math.ceil(x): an int. The ceil of an int is the int itself; of a float, Python's int of the
// libm ceil: ValueError for NaN, OverflowError for an infinity (CPython's messages), and
// muna's OverflowError where the value does not fit a 64-bit int.
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/python/builtins/int.hpp"

namespace muna::python::math {

inline int64_t ceil(int64_t x) { return x; }
inline int64_t ceil(double x) { return builtins::int_(std::ceil(x)); }

}  // namespace muna::python::math
