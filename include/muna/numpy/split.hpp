// numpy.split and numpy.array_split: a list of views along an axis, by a number of sections
// (split requires an equal division) or by a tuple of indices.
#pragma once
#include <algorithm>
#include <tuple>

#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
python::List<Tensor<T>> split_at(const Tensor<T>& a, const Shape& bounds, int64_t axis) {
  python::List<Tensor<T>> out;
  const int64_t n = a.shape()[axis];
  int64_t start = 0;
  for (size_t i = 0; i <= bounds.size(); ++i) {
    int64_t stop = i < bounds.size() ? bounds[i] : n;
    int64_t lo = std::clamp<int64_t>(start < 0 ? start + n : start, 0, n);
    int64_t hi = std::clamp<int64_t>(stop < 0 ? stop + n : stop, 0, n);
    Shape shape = a.shape();
    shape[axis] = std::max<int64_t>(hi - lo, 0);
    out.push_back(a.with_layout(shape, a.strides(), lo * a.strides()[axis]));
    start = stop;
  }
  return out;
}
template <class T>
python::List<Tensor<T>> sections(const Tensor<T>& a, int64_t count, int64_t axis, bool equal) {
  if (count <= 0) throw ValueError("number sections must be larger than 0.");
  const int64_t n = a.shape()[axis];
  if (equal && n % count) throw ValueError("array split does not result in an equal division");
  Shape bounds;
  const int64_t each = n / count, extra = n % count;
  int64_t at = 0;
  for (int64_t i = 0; i + 1 < count; ++i) bounds.push_back(at += each + (i < extra));
  return split_at(a, bounds, axis);
}
}  // namespace detail

template <class T>
python::List<Tensor<T>> split(const Tensor<T>& a, int64_t sections, int64_t axis = 0) {
  return detail::sections(a, sections, normalize_axis(axis, a.ndim()), true);
}
template <class T, class... I>
python::List<Tensor<T>> split(const Tensor<T>& a, const std::tuple<I...>& indices, int64_t axis = 0) {
  Shape bounds;
  std::apply([&](auto... i) { (bounds.push_back(static_cast<int64_t>(i)), ...); }, indices);
  return detail::split_at(a, bounds, normalize_axis(axis, a.ndim()));
}
template <class T>
python::List<Tensor<T>> split(const Tensor<T>& a, const python::List<int64_t>& indices, int64_t axis = 0) {
  return detail::split_at(a, Shape(indices.begin(), indices.end()), normalize_axis(axis, a.ndim()));
}
// An integer array: its items are the indices (a 0-d one is a number of sections, as NumPy
// reads anything without a len()).
template <class T, class I>
python::List<Tensor<T>> split(const Tensor<T>& a, const Tensor<I>& indices, int64_t axis = 0, bool equal = true) {
  if (indices.ndim() == 0) return detail::sections(a, static_cast<int64_t>(*indices.data()), normalize_axis(axis, a.ndim()), equal);
  if (indices.ndim() != 1) throw ValueError("indices_or_sections must be a 1-d array of indices");
  Shape bounds;
  for (int64_t i = 0; i < indices.shape(0); ++i) bounds.push_back(static_cast<int64_t>(indices.at(&i)));
  return detail::split_at(a, bounds, normalize_axis(axis, a.ndim()));
}
template <class T>
python::List<Tensor<T>> array_split(const Tensor<T>& a, int64_t sections, int64_t axis = 0) {
  return detail::sections(a, sections, normalize_axis(axis, a.ndim()), false);
}
template <class T, class... I>
python::List<Tensor<T>> array_split(const Tensor<T>& a, const std::tuple<I...>& indices, int64_t axis = 0) {
  return split(a, indices, axis);
}
template <class T>
python::List<Tensor<T>> array_split(const Tensor<T>& a, const python::List<int64_t>& indices, int64_t axis = 0) {
  return split(a, indices, axis);
}
template <class T, class I>
python::List<Tensor<T>> array_split(const Tensor<T>& a, const Tensor<I>& indices, int64_t axis = 0) {
  return split(a, indices, axis, false);
}
}  // namespace muna::numpy
