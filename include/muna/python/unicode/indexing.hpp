// Python's index arithmetic over code points: the start/end clamping of str.find and friends
// (CPython's ADJUST_INDICES) and slice normalisation (PySlice_AdjustIndices), plus mapping
// code point ranges onto UTF-8 byte ranges.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "muna/core/error.hpp"
#include "muna/python/unicode/utf8.hpp"

namespace muna::python::unicode {

// A [start, end) range in code points with its byte offsets; start may exceed end (empty).
struct Span {
  int64_t start, end;
  size_t byte_start, byte_end;
};

struct Bounds {
  int64_t start, end;
};

// start/end as str.find/count/startswith take them (CPython's ADJUST_INDICES) for a sequence
// of `len` items: None means the whole sequence, negatives count from the end, out-of-range
// values are clamped (but start > len stays > len). bytes methods count bytes with it.
inline Bounds adjust_bounds(int64_t len, std::optional<int64_t> start_arg, std::optional<int64_t> end_arg) {
  int64_t start = start_arg.value_or(0);
  int64_t end = end_arg.value_or(len);
  if (end > len) {
    end = len;
  } else if (end < 0) {
    end += len;
    if (end < 0) end = 0;
  }
  if (start < 0) {
    start += len;
    if (start < 0) start = 0;
  }
  return {start, end};
}

// adjust_bounds over a str's code points, with the byte offsets of the range.
inline Span adjust_indices(const std::string& s, std::optional<int64_t> start_arg,
                           std::optional<int64_t> end_arg) {
  const auto [start, end] = adjust_bounds(length(s), start_arg, end_arg);
  Span span{start, end, 0, 0};
  if (start <= end) {
    span.byte_start = offset_of(s, start);
    span.byte_end = advance(s, span.byte_start, end - start);
  }
  return span;
}

// Number of code points that start in bytes [from, to).
inline int64_t code_points_between(const std::string& s, size_t from, size_t to) {
  int64_t n = 0;
  for (size_t i = from; i < to; ++i) n += !is_continuation(static_cast<unsigned char>(s[i]));
  return n;
}

struct SliceBounds {
  int64_t start, stop, step, count;
};

// PySlice_Unpack + PySlice_AdjustIndices for a sequence of `length` items.
inline SliceBounds adjust_slice(int64_t length, std::optional<int64_t> start_arg,
                                std::optional<int64_t> stop_arg, std::optional<int64_t> step_arg) {
  int64_t step = step_arg.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  // Python clamps a step of -2**63 to -PY_SSIZE_T_MAX so that -step cannot overflow.
  if (step < -INT64_MAX) step = -INT64_MAX;
  int64_t start = start_arg ? *start_arg : (step < 0 ? INT64_MAX : 0);
  int64_t stop = stop_arg ? *stop_arg : (step < 0 ? INT64_MIN : INT64_MAX);
  auto clamp = [&](int64_t& v) {
    if (v < 0) {
      // -len <= v < 0 maps into range; anything lower is before the first item.
      v = v < -length ? (step < 0 ? -1 : 0) : v + length;
    } else if (v >= length) {
      v = step < 0 ? length - 1 : length;
    }
  };
  clamp(start);
  clamp(stop);
  int64_t count = 0;
  if (step < 0) {
    if (stop < start) count = (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    count = (stop - start - 1) / step + 1;
  }
  return {start, stop, step, count};
}

}  // namespace muna::python::unicode
