// numpy.lib.stride_tricks.as_strided: a view of x's elements with the given shape and strides
// (in bytes, as NumPy's; multiples of the itemsize here). NumPy reads whatever memory the view
// reaches; muna refuses (ValueError) a view that reaches past the elements x itself spans, so a
// library never reads outside its data.
#pragma once
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy::lib::stride_tricks {
namespace detail {
template <class S>
Shape as_shape(const S& s, const Shape& fallback) {
  if constexpr (std::is_same_v<S, NoneType>) {
    return fallback;
  } else {
    Shape out;
    std::apply([&](auto... v) { (out.push_back(static_cast<int64_t>(v)), ...); }, s);
    return out;
  }
}
// The lowest and highest element offsets a layout reaches (an empty one reaches none).
inline std::pair<int64_t, int64_t> extent(const Shape& shape, const Shape& strides) {
  int64_t lo = 0, hi = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 0) return {0, -1};
    const int64_t reach = (shape[d] - 1) * strides[d];
    (reach < 0 ? lo : hi) += reach;
  }
  return {lo, hi};
}
}  // namespace detail

template <class T, class S, class St>
Tensor<T> as_strided(const Tensor<T>& x, const S& shape_arg, const St& strides_arg, bool writeable) {
  const Shape shape = detail::as_shape(shape_arg, x.shape());
  Shape byte_strides;
  if constexpr (std::is_same_v<St, NoneType>) {
    for (int64_t s : (std::is_same_v<S, NoneType> ? x.strides() : contiguous_strides(shape)))
      byte_strides.push_back(s * static_cast<int64_t>(sizeof(T)));
  } else {
    byte_strides = detail::as_shape(strides_arg, Shape{});
  }
  if (byte_strides.size() != shape.size()) throw ValueError("mismatch in length of strides and shape");
  Shape strides;
  for (int64_t s : byte_strides) {
    if (s % static_cast<int64_t>(sizeof(T)) != 0)
      throw ValueError("as_strided: strides must be multiples of the itemsize (" + std::to_string(sizeof(T)) + ")");
    strides.push_back(s / static_cast<int64_t>(sizeof(T)));
  }
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  const auto [lo, hi] = detail::extent(shape, strides);
  const auto [xlo, xhi] = detail::extent(x.shape(), x.strides());
  if (lo <= hi && (lo < xlo || hi > xhi))
    throw ValueError("as_strided: the view reaches outside the array's elements (muna does not read past them)");
  return Tensor<T>(x.data(), shape, strides, x.owner(), writeable && x.writable());
}
}  // namespace muna::numpy::lib::stride_tricks
