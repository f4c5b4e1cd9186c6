// numpy.concatenate, numpy.stack, numpy.hstack, numpy.vstack: a new array joining a sequence of
// arrays (a tuple or list) along an axis, with NumPy's shape checks and messages.
#pragma once
#include <string>

#include <muna/core/none.hpp>
#include <muna/numpy/detail/sequence.hpp>

namespace muna::numpy {
namespace detail {
template <class T>
Tensor<T> join(const std::vector<Tensor<T>>& xs, int64_t axis) {
  if (xs.empty()) throw ValueError("need at least one array to concatenate");
  const int64_t ndim = xs[0].ndim();
  if (ndim == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  axis = normalize_axis(axis, ndim);
  Shape shape = xs[0].shape();
  shape[axis] = 0;
  for (size_t k = 0; k < xs.size(); ++k) {
    const Tensor<T>& x = xs[k];
    if (x.ndim() != ndim)
      throw ValueError("all the input array dimensions except for the concatenation axis must "
                       "match exactly, but along dimension 0, the array at index 0 has " +
                       std::to_string(ndim) + " dimension(s) and the array at index " +
                       std::to_string(k) + " has " + std::to_string(x.ndim()) + " dimension(s)");
    for (int64_t d = 0; d < ndim; ++d)
      if (d != axis && x.shape()[d] != xs[0].shape()[d])
        throw ValueError("all the input array dimensions except for the concatenation axis must "
                         "match exactly, but along dimension " + std::to_string(d) +
                         ", the array at index 0 has size " + std::to_string(xs[0].shape()[d]) +
                         " and the array at index " + std::to_string(k) + " has size " +
                         std::to_string(x.shape()[d]));
    shape[axis] += x.shape()[axis];
  }
  Tensor<T> out(shape);
  int64_t start = 0;
  for (const Tensor<T>& x : xs) {
    // The slab of `out` this input fills, written through a view with out's strides.
    Tensor<T> slab = out.with_layout(x.shape(), out.strides(), start * out.strides()[axis]);
    const Shape* strides[2] = {&x.strides(), &slab.strides()};
    for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
      const int64_t sx = x.strides().back(), so = slab.strides().back();
      for (int64_t i = 0; i < n; ++i) slab.data()[off[1] + i * so] = x.data()[off[0] + i * sx];
    });
    start += x.shape()[axis];
  }
  return out;
}

template <class T>
Tensor<T> at_least(const Tensor<T>& x, int64_t rank) {
  if (x.ndim() >= rank) return x;
  Shape shape = x.shape(), strides = x.strides();
  if (rank == 2 && x.ndim() == 1) return x.with_layout(Shape{1, shape[0]}, Shape{0, strides[0]});
  while (static_cast<int64_t>(shape.size()) < rank) {
    shape.insert(shape.begin(), 1);
    strides.insert(strides.begin(), 0);
  }
  return x.with_layout(shape, strides);
}
}  // namespace detail

namespace detail {
// Every array of the sequence passed through `lift` (a view that adds axes), then all joined
// along `axis` (column_stack, dstack).
template <class S, class Lift, class T = typename sequence_element<S>::type>
Tensor<T> join_lifted(const S& arrays, Lift&& lift, int64_t axis) {
  std::vector<Tensor<T>> xs = to_vector(arrays);
  for (auto& x : xs) x = lift(x);
  return join(xs, axis);
}
}  // namespace detail

template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> concatenate(const S& arrays, int64_t axis = 0) {
  return detail::join(detail::to_vector(arrays), axis);
}
template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> concatenate(const S& arrays, NoneType) {
  std::vector<Tensor<T>> flat;
  for (const auto& x : detail::to_vector(arrays)) {
    const Tensor<T> c = contiguous(x);
    flat.push_back(c.with_layout(Shape{c.size()}, Shape{1}));
  }
  return detail::join(flat, 0);
}

template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> stack(const S& arrays, int64_t axis = 0) {
  std::vector<Tensor<T>> xs = detail::to_vector(arrays);
  if (xs.empty()) throw ValueError("need at least one array to stack");
  for (const auto& x : xs)
    if (x.shape() != xs[0].shape()) throw ValueError("all input arrays must have the same shape");
  axis = normalize_axis(axis, xs[0].ndim() + 1);
  for (auto& x : xs) {
    Shape shape = x.shape(), strides = x.strides();
    shape.insert(shape.begin() + axis, 1);
    strides.insert(strides.begin() + axis, 0);
    x = x.with_layout(shape, strides);
  }
  return detail::join(xs, axis);
}

// hstack: along axis 1, or 0 for 1-d inputs; vstack: along 0 after making inputs at least 2-d.
template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> hstack(const S& arrays) {
  std::vector<Tensor<T>> xs = detail::to_vector(arrays);
  for (auto& x : xs) x = detail::at_least(x, 1);
  return detail::join(xs, !xs.empty() && xs[0].ndim() == 1 ? 0 : 1);
}
template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> vstack(const S& arrays) {
  std::vector<Tensor<T>> xs = detail::to_vector(arrays);
  for (auto& x : xs) x = detail::at_least(x, 2);
  return detail::join(xs, 0);
}
}  // namespace muna::numpy
