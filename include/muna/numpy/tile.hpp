// numpy.tile and numpy.repeat: new arrays repeating the whole array per axis, or each element
// (the same number of times, or repeats[i] times for element i along the axis).
#pragma once
#include <tuple>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/along_axis.hpp>
#include <muna/numpy/detail/shape_arg.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> tile_shape(const Tensor<T>& a, Shape reps) {
  const int64_t rank = std::max<int64_t>(a.ndim(), static_cast<int64_t>(reps.size()));
  while (static_cast<int64_t>(reps.size()) < rank) reps.insert(reps.begin(), 1);
  Shape shape = a.shape(), strides = a.strides();
  while (static_cast<int64_t>(shape.size()) < rank) {
    shape.insert(shape.begin(), 1);
    strides.insert(strides.begin(), 0);
  }
  // Interleave (rep, dim) pairs as a broadcast view, then copy and merge each pair.
  Shape big, big_strides, out_shape;
  for (int64_t i = 0; i < rank; ++i) {
    if (reps[i] < 0) throw ValueError("negative dimensions are not allowed");
    big.push_back(reps[i]);
    big_strides.push_back(0);
    big.push_back(shape[i]);
    big_strides.push_back(strides[i]);
    out_shape.push_back(reps[i] * shape[i]);
  }
  const Tensor<T> copied = contiguous(a.with_layout(big, big_strides));
  return copied.with_layout(out_shape, contiguous_strides(out_shape));
}
}  // namespace detail

// reps: an int, a tuple or a list of ints.
template <class T, class R>
Tensor<T> tile(const Tensor<T>& A, const R& reps) { return detail::tile_shape(A, detail::to_shape(reps)); }

template <class T>
Tensor<T> repeat(const Tensor<T>& a, int64_t repeats, int64_t axis) {
  if (repeats < 0) throw ValueError("negative dimensions are not allowed");
  axis = normalize_axis(axis, a.ndim());
  Shape shape = a.shape();
  shape[axis] *= repeats;
  Tensor<T> out(shape);
  Tensor<T> lanes = out.with_layout(a.shape(), out.strides());  // one lane per input lane
  detail::along_axis(a, axis, lanes, [repeats](const T* x, int64_t n, int64_t sx, T* y, int64_t sy) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t r = 0; r < repeats; ++r) y[(i * repeats + r) * sy] = x[i * sx];
  });
  return out;
}
template <class T>
Tensor<T> repeat(const Tensor<T>& a, int64_t repeats, NoneType = None) {
  const Tensor<T> flat = contiguous(a);
  return repeat(flat.with_layout(Shape{flat.size()}, Shape{1}), repeats, 0);
}
template <class T>
Tensor<T> repeat(const Tensor<T>& a, const Tensor<int64_t>& repeats, int64_t axis) {
  if (repeats.ndim() > 1) throw ValueError("object too deep for desired array");
  const Tensor<int64_t> r = contiguous(repeats);
  if (r.size() == 1) return repeat(a, r.data()[0], axis);  // broadcast, as NumPy
  axis = normalize_axis(axis, a.ndim());
  const int64_t n = a.shape()[axis];
  if (r.size() != n)
    throw ValueError("operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                     std::to_string(r.size()) + ",)");
  int64_t total = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (r.data()[i] < 0) throw ValueError("repeats may not contain negative values.");
    total += r.data()[i];
  }
  Shape shape = a.shape();
  shape[axis] = total;
  Tensor<T> out(shape);
  Tensor<T> lanes = out.with_layout(a.shape(), out.strides());
  const int64_t* counts = r.data();
  detail::along_axis(a, axis, lanes, [counts](const T* x, int64_t len, int64_t sx, T* y, int64_t sy) {
    for (int64_t i = 0, at = 0; i < len; ++i)
      for (int64_t k = 0; k < counts[i]; ++k) y[(at++) * sy] = x[i * sx];
  });
  return out;
}
template <class T>
Tensor<T> repeat(const Tensor<T>& a, const Tensor<int64_t>& repeats, NoneType) {
  const Tensor<T> flat = contiguous(a);
  return repeat(flat.with_layout(Shape{flat.size()}, Shape{1}), repeats, 0);
}
}  // namespace muna::numpy
