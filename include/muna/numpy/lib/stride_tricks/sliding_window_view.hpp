// numpy.lib.stride_tricks.sliding_window_view: a view of every window of window_shape along
// the given axes (all axes for None): the windowed axes shrink to n - w + 1 and the window's
// axes are appended, sharing x's elements (read-only unless writeable=True, as NumPy).
#pragma once
#include <string>
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy::lib::stride_tricks {
template <class T, class... W, class Axis>
Tensor<T> sliding_window_view(const Tensor<T>& x, const std::tuple<W...>& window_shape, const Axis& axis,
                              bool writeable) {
  std::vector<int64_t> window, axes;
  std::apply([&](auto... w) { (window.push_back(static_cast<int64_t>(w)), ...); }, window_shape);
  for (int64_t w : window)
    if (w < 0) throw ValueError("`window_shape` cannot contain negative values");
  if constexpr (std::is_same_v<Axis, NoneType>) {
    if (static_cast<int64_t>(window.size()) != x.ndim())
      throw ValueError("Since axis is `None`, must provide window_shape for all dimensions of `x`; got " +
                       std::to_string(window.size()) + " window_shape elements and `x.ndim` is " + std::to_string(x.ndim()) + ".");
    for (int64_t d = 0; d < x.ndim(); ++d) axes.push_back(d);
  } else if constexpr (std::is_integral_v<Axis>) {
    axes.push_back(normalize_axis(static_cast<int64_t>(axis), x.ndim()));
  } else {
    std::apply([&](auto... a) { (axes.push_back(normalize_axis(static_cast<int64_t>(a), x.ndim())), ...); }, axis);
  }
  if (axes.size() != window.size())
    throw ValueError("Must provide matching length window_shape and axis; got " + std::to_string(window.size()) +
                     " window_shape elements and " + std::to_string(axes.size()) + " axes elements.");
  Shape shape = x.shape(), strides = x.strides();
  for (size_t i = 0; i < axes.size(); ++i) {
    const size_t d = static_cast<size_t>(axes[i]);
    if (shape[d] < window[i]) throw ValueError("window shape cannot be larger than input array shape");
    shape[d] -= window[i] - 1;
    shape.push_back(window[i]);
    strides.push_back(x.strides()[d]);
  }
  return Tensor<T>(x.data(), shape, strides, x.owner(), writeable && x.writable());
}
}  // namespace muna::numpy::lib::stride_tricks
