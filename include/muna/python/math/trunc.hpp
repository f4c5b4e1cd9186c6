// math.trunc(x): an int, toward zero; as int(x) (ValueError for NaN, OverflowError for an
// infinity or a value beyond muna's 64-bit int).
#pragma once
#include <cstdint>

#include "muna/python/builtins/int.hpp"

namespace muna::python::math {

inline int64_t trunc(int64_t x) { return x; }
inline int64_t trunc(double x) { return builtins::int_(x); }

}  // namespace muna::python::math
