// Shared by Python's arithmetic operators on int (int64) and float: overflow and zero checks with
// CPython's messages.
#pragma once
#include <cstdint>

#include <muna/core/error.hpp>

namespace muna::python::operator_::detail {
[[noreturn]] inline void overflow() { throw OverflowError("integer overflow: muna's int is 64-bit"); }
}  // namespace muna::python::operator_::detail
