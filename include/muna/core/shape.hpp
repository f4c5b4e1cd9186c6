// Shapes, strides and NumPy broadcasting.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <muna/core/error.hpp>

namespace muna {

using Shape = std::vector<int64_t>;

inline int64_t shape_size(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Row-major strides, in elements.
inline Shape contiguous_strides(const Shape& shape) {
  Shape strides(shape.size());
  int64_t step = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = step;
    step *= shape[i];
  }
  return strides;
}

// "(2, 3)", "(4,)": a shape as NumPy's messages print it.
MUNA_OPCORE_FN std::string shape_str(const Shape& shape);

// NumPy's rule: align trailing dimensions; each pair must be equal or contain a 1.
MUNA_OPCORE_FN Shape broadcast_shapes(const Shape& a, const Shape& b);

// Strides that read a tensor of `shape` as if it had `target` shape (0 on broadcast dims).
inline Shape broadcast_strides(const Shape& shape, const Shape& strides, const Shape& target) {
  Shape out(target.size(), 0);
  size_t offset = target.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    out[offset + i] = shape[i] == 1 ? 0 : strides[i];
  return out;
}

// Python-style axis normalisation with numpy's AxisError message.
inline int64_t normalize_axis(int64_t axis, int64_t ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN std::string shape_str(const Shape& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(shape[i]);
  }
  if (shape.size() == 1) out += ",";
  return out + ")";
}

MUNA_OPCORE_FN Shape broadcast_shapes(const Shape& a, const Shape& b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      throw ValueError("operands could not be broadcast together with shapes " + shape_str(a) +
                       " " + shape_str(b));
    out[i] = da == 1 ? db : da;
  }
  return out;
}
#endif

}  // namespace muna
