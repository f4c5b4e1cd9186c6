// len(range(...)): the number of values range(start, stop, step) yields, as CPython computes
// it (in unsigned arithmetic; past int64, CPython's OverflowError), and its ValueError for a
// zero step.
#pragma once
#include <cstdint>

#include <muna/core/error.hpp>

namespace muna::python::builtins {
inline int64_t range_len(int64_t stop) { return stop > 0 ? stop : 0; }
inline int64_t range_len(int64_t start, int64_t stop, int64_t step = 1) {
  if (step == 0) throw ValueError("range() arg 3 must not be zero");
  if (step > 0 ? start >= stop : start <= stop) return 0;
  const uint64_t span = step > 0 ? static_cast<uint64_t>(stop) - static_cast<uint64_t>(start)
                                 : static_cast<uint64_t>(start) - static_cast<uint64_t>(stop);
  const uint64_t stride = step > 0 ? static_cast<uint64_t>(step) : uint64_t(0) - static_cast<uint64_t>(step);
  const uint64_t n = (span - 1) / stride + 1;
  if (n > static_cast<uint64_t>(INT64_MAX)) throw OverflowError("Python int too large to convert to C ssize_t");
  return static_cast<int64_t>(n);
}
}  // namespace muna::python::builtins
