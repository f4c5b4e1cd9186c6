// numpy.delete: arr without the entries obj names along axis (of the flattened array for
// axis=None): an int, an integer array (negative entries count from the end; repeats delete
// once) or a boolean mask of the axis' length; NumPy's errors.
#pragma once
#include <string>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>
#include <muna/numpy/detail/index_list.hpp>

namespace muna::numpy {
namespace detail {
// arr's entries along axis where keep is true.
template <class T>
Tensor<T> keep_along(const Tensor<T>& arr, int64_t axis, const std::vector<bool>& keep) {
  int64_t kept = 0;
  for (bool k : keep) kept += k;
  Shape shape = arr.shape();
  shape[static_cast<size_t>(axis)] = kept;
  Tensor<T> out(shape);
  along_axis(arr, axis, out, [&](const T* x, int64_t n, int64_t sx, T* y, int64_t sy) {
    int64_t j = 0;
    for (int64_t i = 0; i < n; ++i)
      if (keep[static_cast<size_t>(i)]) y[(j++) * sy] = x[i * sx];
  });
  return out;
}

template <class T, class Axis>
std::pair<Tensor<T>, int64_t> edit_axis(const Tensor<T>& arr, const Axis& axis) {
  if constexpr (std::is_same_v<Axis, NoneType>) {
    const Tensor<T> flat = contiguous(arr);
    return {flat.with_layout(Shape{flat.size()}, Shape{1}), 0};
  } else {
    return {arr, normalize_axis(static_cast<int64_t>(axis), arr.ndim())};
  }
}

}  // namespace detail

template <class T, class Obj, class Axis>
Tensor<T> delete_(const Tensor<T>& array, const Obj& obj, const Axis& axis) {
  auto [arr, ax] = detail::edit_axis(array, axis);
  const int64_t n = arr.shape()[static_cast<size_t>(ax)];
  std::vector<bool> keep(static_cast<size_t>(n), true);
  if constexpr (std::is_same_v<Obj, Tensor<bool>>) {
    if (obj.ndim() != 1 || obj.shape()[0] != n)
      throw ValueError("boolean array argument obj to delete must be one dimensional and match the axis length of " +
                       std::to_string(n));
    const Tensor<bool> mask = contiguous(obj);
    for (int64_t i = 0; i < n; ++i) keep[static_cast<size_t>(i)] = !mask.data()[i];
  } else {
    for (int64_t i : detail::index_list(obj)) {
      if (i < -n || i >= n)
        throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(ax) +
                         " with size " + std::to_string(n));
      keep[static_cast<size_t>(i < 0 ? i + n : i)] = false;
    }
  }
  return detail::keep_along(arr, ax, keep);
}
}  // namespace muna::numpy
