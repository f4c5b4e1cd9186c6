// numpy.pad with mode 'constant' (constant_values), 'edge' and 'reflect' (mirrored without
// repeating the edge, periodically for pads longer than the axis). pad_width arrives as the
// (before, after) pairs of every axis, or one pair for all axes.
#pragma once
#include <string>
#include <tuple>
#include <vector>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
enum class PadMode { Constant, Edge, Reflect };

inline PadMode pad_mode(const std::string& mode) {
  if (mode == "constant") return PadMode::Constant;
  if (mode == "edge") return PadMode::Edge;
  if (mode == "reflect") return PadMode::Reflect;
  throw ValueError("mode '" + mode + "' is not supported");
}

// Source index along an axis of length n for output position i (shifted by `before`), or -1
// for a constant cell.
inline int64_t pad_source(int64_t i, int64_t n, PadMode mode) {
  if (i >= 0 && i < n) return i;
  if (mode == PadMode::Constant) return -1;
  if (mode == PadMode::Edge || n == 1) return i < 0 ? 0 : n - 1;
  const int64_t period = 2 * (n - 1);
  int64_t m = ((i % period) + period) % period;
  return m >= n ? period - m : m;
}
}  // namespace detail

template <class T, class... W>
Tensor<T> pad(const Tensor<T>& array, const std::tuple<W...>& widths, const std::string& mode,
              T constant_values) {
  std::vector<int64_t> flat;
  std::apply([&](auto... w) { (flat.push_back(static_cast<int64_t>(w)), ...); }, widths);
  const int64_t ndim = array.ndim();
  if (flat.size() == 2) {  // one (before, after) pair for every axis
    const int64_t before = flat[0], after = flat[1];
    flat.clear();
    for (int64_t d = 0; d < ndim; ++d) flat.insert(flat.end(), {before, after});
  }
  if (static_cast<int64_t>(flat.size()) != 2 * ndim)
    throw ValueError("operands could not be broadcast together with remapped shapes");
  for (int64_t w : flat)
    if (w < 0) throw ValueError("index can't contain negative values");
  const detail::PadMode m = detail::pad_mode(mode);
  Shape shape(ndim);
  for (int64_t d = 0; d < ndim; ++d) {
    shape[d] = array.shape()[d] + flat[2 * d] + flat[2 * d + 1];
    if (m != detail::PadMode::Constant && array.shape()[d] == 0 && shape[d] > 0)
      throw ValueError("can't extend empty axis " + std::to_string(d) + " using modes other than 'constant' or 'empty'");
  }
  Tensor<T> out(shape);
  std::vector<int64_t> index(ndim, 0);
  for (int64_t o = 0, n = out.size(); o < n; ++o) {
    int64_t rest = o, offset = 0;
    bool constant = false;
    for (int64_t d = ndim - 1; d >= 0; --d) {
      const int64_t i = rest % shape[d] - flat[2 * d];
      rest /= shape[d];
      const int64_t src = detail::pad_source(i, array.shape()[d], m);
      if (src < 0) constant = true;
      else offset += src * array.strides()[d];
    }
    out.data()[o] = constant ? constant_values : array.data()[offset];
  }
  return out;
}
}  // namespace muna::numpy
