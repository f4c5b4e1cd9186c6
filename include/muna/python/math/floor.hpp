// math.floor(x): an int. The floor of an int is the int itself; of a float, Python's int of the
// libm floor: ValueError for NaN, OverflowError for an infinity (CPython's messages), and
// muna's OverflowError where the value does not fit a 64-bit int.
#pragma once
#include <cmath>
#include <cstdint>

#include "muna/python/builtins/int.hpp"

namespace muna::python::math {

inline int64_t floor(int64_t x) { return x; }
inline int64_t floor(double x) { return builtins::int_(std::floor(x)); }

}  // namespace muna::python::math
