// numpy.pad, every mode, by NumPy 1.24's algorithm (numpy/lib/arraypad.py): the array is copied
// into the middle of the padded result, then each axis in turn fills its pad areas from the
// region padded so far (all of the earlier axes, the original extent of the later ones), so
// corners and chunked reflections come out as NumPy's:
//   constant (constant_values), edge, linear_ramp (end_values; NumPy's linspace arithmetic),
//   maximum / minimum / mean / median (stat_length; rounded for integer arrays),
//   reflect / symmetric (reflect_type 'even' or 'odd', in chunks of the current length),
//   wrap (in chunks of the period), empty (zeros here; NumPy leaves them uninitialised).
// widths, constants, end values and stat lengths arrive as one (before, after) pair for every
// axis or a pair per axis; a stat length of -1 is None (the whole axis).
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>
#include <muna/python/number.hpp>
#include <muna/numpy/detail/along_axis.hpp>
#include <muna/numpy/detail/no_contract.hpp>
#include <muna/numpy/max.hpp>
#include <muna/numpy/mean.hpp>
#include <muna/numpy/median.hpp>
#include <muna/numpy/min.hpp>

namespace muna::numpy {
namespace detail {
enum class PadMode { Constant, Edge, LinearRamp, Maximum, Minimum, Mean, Median, Reflect, Symmetric, Wrap, Empty };

inline PadMode pad_mode(const std::string& mode) {
  if (mode == "constant") return PadMode::Constant;
  if (mode == "edge") return PadMode::Edge;
  if (mode == "linear_ramp") return PadMode::LinearRamp;
  if (mode == "maximum") return PadMode::Maximum;
  if (mode == "minimum") return PadMode::Minimum;
  if (mode == "mean") return PadMode::Mean;
  if (mode == "median") return PadMode::Median;
  if (mode == "reflect") return PadMode::Reflect;
  if (mode == "symmetric") return PadMode::Symmetric;
  if (mode == "wrap") return PadMode::Wrap;
  if (mode == "empty") return PadMode::Empty;
  throw ValueError("mode '" + mode + "' is not supported");
}

// 2 values (one pair for every axis) or 2 * ndim (a pair per axis), as a vector of 2 * ndim.
template <class V>
std::vector<V> spread_pairs(std::vector<V> flat, int64_t ndim) {
  if (flat.size() == 2) {
    const V before = flat[0], after = flat[1];
    flat.clear();
    for (int64_t d = 0; d < ndim; ++d) flat.insert(flat.end(), {before, after});
  }
  if (static_cast<int64_t>(flat.size()) != 2 * ndim)
    throw ValueError("operands could not be broadcast together with remapped shapes");
  return flat;
}

// A tuple of 1 value (both sides of every axis), 2 or 2 * ndim, as a vector of 2 * ndim.
template <class V, class... W>
std::vector<V> pad_pairs(const std::tuple<W...>& values, int64_t ndim) {
  std::vector<V> flat;
  std::apply([&](auto... w) { (flat.push_back(static_cast<V>(w)), ...); }, values);
  if (flat.size() == 1) flat.push_back(flat[0]);
  return spread_pairs(std::move(flat), ndim);
}

template <class W>
struct is_pair_list : std::false_type {};
template <class A, class B>
struct is_pair_list<python::List<std::tuple<A, B>>> : std::true_type {};

// A width of a list of pairs built at run time: an int (an `int | float` holding one), else
// NumPy's TypeError.
template <class X>
int64_t pad_width_int(const X& x) {
  if constexpr (std::is_same_v<X, python::Number>) {
    if (x.is_float()) throw TypeError("`pad_width` must be of integral type.");
    return x.as_int();
  } else {
    return static_cast<int64_t>(x);
  }
}

// pad_width as a list of (before, after) pairs whose length is known only at run time
// (`[(top, bottom), (left, right)] + [(0, 0)] * (image.ndim - 2)`): one pair for every axis or
// a pair per axis, as NumPy's _as_pairs reads it.
template <class A, class B>
std::vector<int64_t> pad_pairs(const python::List<std::tuple<A, B>>& pairs, int64_t ndim) {
  std::vector<int64_t> flat;
  for (const auto& p : pairs) {
    flat.push_back(pad_width_int(std::get<0>(p)));
    flat.push_back(pad_width_int(std::get<1>(p)));
  }
  return spread_pairs(std::move(flat), ndim);
}

// The part of `padded` that axis `axis` pads from: every earlier axis whole, the later ones
// only over the original area (NumPy's _view_roi).
template <class T>
Tensor<T> pad_roi(const Tensor<T>& padded, const Shape& original, const std::vector<int64_t>& widths, int64_t axis) {
  Shape shape = padded.shape();
  int64_t offset = 0;
  for (int64_t d = axis + 1; d < padded.ndim(); ++d) {
    shape[static_cast<size_t>(d)] = original[static_cast<size_t>(d)];
    offset += widths[static_cast<size_t>(2 * d)] * padded.strides()[static_cast<size_t>(d)];
  }
  return padded.with_layout(shape, padded.strides(), offset);
}

// roi restricted to [start, start + length) along axis.
template <class T>
Tensor<T> along(const Tensor<T>& roi, int64_t axis, int64_t start, int64_t length) {
  Shape shape = roi.shape();
  shape[static_cast<size_t>(axis)] = length;
  return roi.with_layout(shape, roi.strides(), start * roi.strides()[static_cast<size_t>(axis)]);
}

// Each lane of roi along axis: fn(lane pointer, length, stride), in place.
template <class T, class Fn>
void each_lane(Tensor<T>& roi, int64_t axis, Fn&& fn) {
  along_axis(roi, axis, roi, [&](const T*, int64_t n, int64_t, T* y, int64_t sy) { fn(y, n, sy); });
}

// NumPy's linspace(start, stop, num, endpoint=False, dtype) per lane, in its float dtype F:
// i * step + start, or i / num * delta + start when any lane's step is zero.
template <class T, class F>
void linear_ramps(Tensor<T>& roi, int64_t axis, int64_t left, int64_t right, F end_left, F end_right) {
  const int64_t length = roi.shape()[static_cast<size_t>(axis)];
  for (int side = 0; side < 2; ++side) {
    const int64_t width = side == 0 ? left : right;
    if (width == 0) continue;
    const F start = side == 0 ? end_left : end_right;
    const int64_t edge_at = side == 0 ? left : length - right - 1;
    bool any_zero = false;
    each_lane(roi, axis, [&](T* y, int64_t, int64_t sy) {
      const F step = (static_cast<F>(convert_element<F>(y[edge_at * sy])) - start) / static_cast<F>(width);
      any_zero = any_zero || step == 0;
    });
    each_lane(roi, axis, [&](T* y, int64_t, int64_t sy) {
      const F delta = convert_element<F>(y[edge_at * sy]) - start;
      const F step = delta / static_cast<F>(width);
      for (int64_t i = 0; i < width; ++i) {
        F v = any_zero ? static_cast<F>(i) / static_cast<F>(width) * delta : static_cast<F>(i) * step;
        v += start;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) v = std::floor(v);
        const int64_t at = side == 0 ? i : length - 1 - i;  // the right ramp is reversed
        y[at * sy] = convert_element<T>(v);
      }
    });
  }
}

// One statistic side of NumPy's _get_stats: the reduction over [start, start + length) along
// axis with keepdims, rounded (half to even) for integer arrays, cast to T.
template <class T>
Tensor<T> pad_stat(const Tensor<T>& roi, int64_t axis, int64_t start, int64_t length, PadMode mode) {
  const Tensor<T> chunk = along(roi, axis, start, length);
  using F = std::conditional_t<std::is_floating_point_v<T>, T, double>;
  if (mode == PadMode::Maximum) return max<Tensor<T>>(chunk, axis, true);
  if (mode == PadMode::Minimum) return min<Tensor<T>>(chunk, axis, true);
  Tensor<F> stat = mode == PadMode::Mean ? mean<Tensor<F>>(chunk, axis, true) : median<Tensor<F>>(chunk, axis, true);
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    for (int64_t i = 0; i < stat.size(); ++i) stat.data()[i] = std::nearbyint(stat.data()[i]);
  return cast<T>(stat);
}

// roi[area along axis] = value (value has length 1 along axis and broadcasts).
template <class T>
void fill_area(Tensor<T>& roi, int64_t axis, int64_t start, int64_t length, const Tensor<T>& value) {
  if (length == 0) return;
  Tensor<T> area = along(roi, axis, start, length);
  const Shape vs = broadcast_strides(value.shape(), value.strides(), area.shape());
  const Shape* strides[2] = {&area.strides(), &vs};
  for_each_run(area.shape(), strides, [&](int64_t n, const int64_t* off) {
    const int64_t sa = area.ndim() ? area.strides().back() : 0, sv = area.ndim() ? vs.back() : 0;
    for (int64_t i = 0; i < n; ++i) area.data()[off[0] + i * sa] = value.data()[off[1] + i * sv];
  });
}

MUNA_NO_FP_CONTRACT_BEGIN  // 2 * edge - v: rounded (and overflowing) as NumPy's array arithmetic
// NumPy's _set_reflect_both: one chunk on each side; returns the widths still to pad.
template <class T>
std::pair<int64_t, int64_t> reflect_chunk(Tensor<T>& roi, int64_t axis, int64_t left, int64_t right, bool odd,
                                          bool include_edge) {
  const int64_t size = roi.shape()[static_cast<size_t>(axis)];
  int64_t old_length = size - right - left;
  const int64_t edge_offset = include_edge ? 1 : 0;
  if (!include_edge) old_length -= 1;
  each_lane(roi, axis, [&](T* y, int64_t, int64_t sy) {
    if (left > 0) {
      const int64_t chunk = std::min(old_length, left);
      const int64_t stop = left - edge_offset, start = stop + chunk;  // slice(start, stop, -1)
      const T edge = y[left * sy];
      for (int64_t i = 0; i < chunk; ++i) {
        const T v = y[(start - i) * sy];
        y[(left - chunk + i) * sy] = odd ? static_cast<T>(2 * edge - v) : v;
      }
    }
    if (right > 0) {
      const int64_t chunk = std::min(old_length, right);
      const int64_t start = size - right + edge_offset - 2;  // slice(start, start - chunk, -1)
      const T edge = y[(size - right - 1) * sy];
      for (int64_t i = 0; i < chunk; ++i) {
        const T v = y[(start - i) * sy];
        y[(size - right + i) * sy] = odd ? static_cast<T>(2 * edge - v) : v;
      }
    }
  });
  return {left > 0 ? left - std::min(old_length, left) : 0, right > 0 ? right - std::min(old_length, right) : 0};
}
MUNA_NO_FP_CONTRACT_END

// NumPy's _set_wrap_both: one period on each side; returns the widths still to pad.
template <class T>
std::pair<int64_t, int64_t> wrap_chunk(Tensor<T>& roi, int64_t axis, int64_t left, int64_t right) {
  const int64_t size = roi.shape()[static_cast<size_t>(axis)];
  const int64_t period = size - right - left;
  int64_t new_left = 0, new_right = 0;
  each_lane(roi, axis, [&](T* y, int64_t, int64_t sy) {
    if (left > 0) {
      const int64_t take = std::min(period, left);
      const int64_t from = size - right - take;
      const int64_t to = left > period ? left - period : 0;
      for (int64_t i = 0; i < take; ++i) y[(to + i) * sy] = y[(from + i) * sy];
    }
    if (right > 0) {
      const int64_t take = std::min(period, right);
      const int64_t from = left;
      const int64_t to = size - right;
      for (int64_t i = 0; i < take; ++i) y[(to + i) * sy] = y[(from + i) * sy];
    }
  });
  if (left > period) new_left = left - period;
  if (right > period) new_right = right - period;
  return {new_left, new_right};
}
}  // namespace detail

template <class T, class W, class... C, class... E, class... S>
Tensor<T> pad(const Tensor<T>& array, const W& pad_width, const std::string& mode,
              const std::tuple<C...>& constant_values, const std::tuple<E...>& end_values,
              const std::tuple<S...>& stat_length, bool reflect_odd) {
  const int64_t ndim = array.ndim();
  std::vector<int64_t> widths;
  if constexpr (detail::is_pair_list<W>::value) widths = detail::pad_pairs(pad_width, ndim);
  else widths = detail::pad_pairs<int64_t>(pad_width, ndim);
  for (int64_t w : widths)
    if (w < 0) throw ValueError("index can't contain negative values");
  const detail::PadMode m = detail::pad_mode(mode);
  Shape shape(static_cast<size_t>(ndim));
  for (int64_t d = 0; d < ndim; ++d)
    shape[d] = array.shape()[d] + widths[2 * d] + widths[2 * d + 1];
  Tensor<T> padded = Tensor<T>::full(shape, T{});
  {  // the array into the middle
    int64_t offset = 0;
    for (int64_t d = 0; d < ndim; ++d) offset += widths[2 * d] * padded.strides()[d];
    Tensor<T> center = padded.with_layout(array.shape(), padded.strides(), offset);
    const Shape* strides[2] = {&center.strides(), &array.strides()};
    for_each_run(array.shape(), strides, [&](int64_t n, const int64_t* off) {
      const int64_t sc = ndim ? center.strides().back() : 0, sa = ndim ? array.strides().back() : 0;
      for (int64_t i = 0; i < n; ++i) center.data()[off[0] + i * sc] = array.data()[off[1] + i * sa];
    });
  }
  if (m == detail::PadMode::Empty) return padded;
  if (m != detail::PadMode::Constant && array.size() == 0) {
    for (int64_t d = 0; d < ndim; ++d)
      if (array.shape()[d] == 0 && (widths[2 * d] || widths[2 * d + 1]))
        throw ValueError("can't extend empty axis " + std::to_string(d) + " using modes other than 'constant' or 'empty'");
    return padded;
  }
  std::vector<T> constants;
  if (m == detail::PadMode::Constant) constants = detail::pad_pairs<T>(constant_values, ndim);
  std::vector<double> ends;
  if (m == detail::PadMode::LinearRamp) ends = detail::pad_pairs<double>(end_values, ndim);
  std::vector<int64_t> lengths;
  if (m == detail::PadMode::Maximum || m == detail::PadMode::Minimum || m == detail::PadMode::Mean ||
      m == detail::PadMode::Median) {
    lengths = detail::pad_pairs<int64_t>(stat_length, ndim);
    for (int64_t l : lengths)
      if (l < -1) throw ValueError("index can't contain negative values");
  }
  for (int64_t axis = 0; axis < ndim; ++axis) {
    int64_t left = widths[2 * axis], right = widths[2 * axis + 1];
    Tensor<T> roi = detail::pad_roi(padded, array.shape(), widths, axis);
    const int64_t size = roi.shape()[axis];
    switch (m) {
      case detail::PadMode::Constant:
        detail::fill_area(roi, axis, 0, left, Tensor<T>::scalar(constants[2 * axis]));
        detail::fill_area(roi, axis, size - right, right, Tensor<T>::scalar(constants[2 * axis + 1]));
        break;
      case detail::PadMode::Edge:
        detail::fill_area(roi, axis, 0, left, cast<T>(detail::along(roi, axis, left, 1)));
        detail::fill_area(roi, axis, size - right, right, cast<T>(detail::along(roi, axis, size - right - 1, 1)));
        break;
      case detail::PadMode::LinearRamp: {
        using F = std::conditional_t<std::is_floating_point_v<T>, T, double>;
        detail::linear_ramps(roi, axis, left, right, static_cast<F>(ends[2 * axis]), static_cast<F>(ends[2 * axis + 1]));
        break;
      }
      case detail::PadMode::Maximum: case detail::PadMode::Minimum:
      case detail::PadMode::Mean: case detail::PadMode::Median: {
        const int64_t max_length = size - right - left;
        int64_t left_length = lengths[2 * axis], right_length = lengths[2 * axis + 1];
        if (left_length < 0 || max_length < left_length) left_length = max_length;
        if (right_length < 0 || max_length < right_length) right_length = max_length;
        if ((left_length == 0 || right_length == 0) && (m == detail::PadMode::Maximum || m == detail::PadMode::Minimum))
          throw ValueError("stat_length of 0 yields no value for padding");
        const Tensor<T> left_stat = detail::pad_stat(roi, axis, left, left_length, m);
        const Tensor<T> right_stat = left_length == max_length && right_length == max_length
                                         ? left_stat
                                         : detail::pad_stat(roi, axis, size - right - right_length, right_length, m);
        detail::fill_area(roi, axis, 0, left, left_stat);
        detail::fill_area(roi, axis, size - right, right, right_stat);
        break;
      }
      case detail::PadMode::Reflect: case detail::PadMode::Symmetric: {
        if (array.shape()[axis] == 1 && (left > 0 || right > 0)) {  // NumPy pads as 'edge'
          detail::fill_area(roi, axis, 0, left, cast<T>(detail::along(roi, axis, left, 1)));
          detail::fill_area(roi, axis, size - right, right, cast<T>(detail::along(roi, axis, size - right - 1, 1)));
          break;
        }
        while (left > 0 || right > 0)
          std::tie(left, right) = detail::reflect_chunk(roi, axis, left, right, reflect_odd, m == detail::PadMode::Symmetric);
        break;
      }
      case detail::PadMode::Wrap:
        while (left > 0 || right > 0) std::tie(left, right) = detail::wrap_chunk(roi, axis, left, right);
        break;
      case detail::PadMode::Empty:
        break;
    }
  }
  return padded;
}
}  // namespace muna::numpy
