// Python's slice (start:stop:step, each optional) and Ellipsis, as subscripts receive them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>

#include <muna/core/error.hpp>

namespace muna {

struct EllipsisType {};
inline constexpr EllipsisType Ellipsis{};

struct Slice {
  std::optional<int64_t> start, stop, step;

  // CPython's PySlice_AdjustIndices: the concrete start, step and item count for a sequence of
  // `length` items.
  struct Range {
    int64_t start, step, count;
  };
  Range adjust(int64_t length) const {
    const int64_t s = step.value_or(1);
    if (s == 0) throw ValueError("slice step cannot be zero");
    auto clamp = [&](std::optional<int64_t> v, int64_t fallback) {
      if (!v) return fallback;
      int64_t x = *v;
      if (x < 0) {
        x += length;
        if (x < 0) x = s < 0 ? -1 : 0;
      } else if (x >= length) {
        x = s < 0 ? length - 1 : length;
      }
      return x;
    };
    const int64_t lo = clamp(start, s < 0 ? length - 1 : 0);
    const int64_t hi = clamp(stop, s < 0 ? -1 : length);
    int64_t count = 0;
    if (s < 0 ? hi < lo : lo < hi) count = s < 0 ? (lo - hi - 1) / (-s) + 1 : (hi - lo - 1) / s + 1;
    return {lo, s, count};
  }
};

}  // namespace muna
