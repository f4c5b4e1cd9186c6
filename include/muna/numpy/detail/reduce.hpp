// The driver shared by NumPy reductions. A reducer has
//   U contiguous(const T* x, int64_t n)  -- one contiguous row, in NumPy's inner-loop order;
//   U sequential(const T* x, int64_t n)  -- one row gathered from a non-contiguous axis, added in
//                                          order as NumPy's outer-loop reduction does;
//   const char* name                     -- for the empty-reduction error (or nullptr when the
//                                          reduction of nothing is its identity);
//   U identity()                         -- (only when name is nullptr) the result for no
//                                          elements, when it is not U{}.
#pragma once
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include <muna/core/tensor.hpp>
#include <muna/kernels/reduce.hpp>
#include <muna/numpy/detail/axes.hpp>

namespace muna::numpy::detail {

// Output shape of reducing `shape` over `reduced`.
inline Shape reduced_shape(const Shape& shape, const std::vector<bool>& reduced, bool keepdims) {
  Shape out;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (!reduced[i]) out.push_back(shape[i]);
    else if (keepdims) out.push_back(1);
  }
  return out;
}

template <class R, class = void>
struct has_identity : std::false_type {};
template <class R>
struct has_identity<R, std::void_t<decltype(std::declval<R>().identity())>> : std::true_type {};

template <class U, class T, class Reducer>
Tensor<U> reduce(const Tensor<T>& x, const Axes& axis, bool keepdims, const Reducer& reducer) {
  const int64_t ndim = x.ndim();
  const std::vector<bool> reduced = axis.mask(ndim);
  // Kept axes first, reduced axes last: each output element reduces one row of the view.
  Shape shape, strides;
  int64_t rows = 1, row = 1;
  for (int pass = 0; pass < 2; ++pass)
    for (int64_t i = 0; i < ndim; ++i)
      if (reduced[i] == (pass == 1)) {
        shape.push_back(x.shape()[i]);
        strides.push_back(x.strides()[i]);
        (pass ? row : rows) *= x.shape()[i];
      }
  if (row == 0 && rows > 0 && reducer.name)
    throw ValueError(std::string("zero-size array to reduction operation ") + reducer.name +
                     " which has no identity");
  Tensor<U> out(reduced_shape(x.shape(), reduced, keepdims));
  if (rows == 0) return out;
  U* dst = out.data();
  if (row == 0) {
    U empty{};
    if constexpr (has_identity<Reducer>::value) empty = reducer.identity();
    for (int64_t r = 0; r < rows; ++r) dst[r] = empty;
    return out;
  }
  // Reducing only trailing axes of a contiguous block: rows are contiguous in memory.
  bool trailing = true;
  for (int64_t i = 0; i < ndim; ++i)
    if (reduced[i] && i + 1 < ndim && !reduced[i + 1]) trailing = false;
  const Tensor<T> view = x.with_layout(shape, strides);
  if (trailing && view.is_contiguous()) {
    for (int64_t r = 0; r < rows; ++r) dst[r] = reducer.contiguous(view.data() + r * row, row);
    return out;
  }
  // NumPy's iterator puts the axis of smallest stride innermost. When that is the one reduced
  // axis, its inner loop is the (pairwise) row reduction over strided data, which a packed copy
  // reproduces; otherwise rows accumulate element-wise in order (sequential).
  int64_t reduced_axes = 0, inner = -1;
  for (int64_t i = 0; i < ndim; ++i)
    if (x.shape()[i] > 1 && (inner < 0 || std::abs(x.strides()[i]) < std::abs(x.strides()[inner])))
      inner = i;
  for (int64_t i = 0; i < ndim; ++i) reduced_axes += reduced[i] && x.shape()[i] > 1;
  const bool pairwise = reduced_axes == 1 && inner >= 0 && reduced[inner];
  const Tensor<T> packed = contiguous(view);
  for (int64_t r = 0; r < rows; ++r)
    dst[r] = pairwise ? reducer.contiguous(packed.data() + r * row, row)
                      : reducer.sequential(packed.data() + r * row, row);
  return out;
}

// Row sums of f(x) for NumPy's "transform into a temporary, then sum it" (var's squared
// deviations, nansum's NaN -> 0), when every reduced row is contiguous in x (the reduced axes
// are the trailing ones of a C-contiguous x, e.g. axis=None): f is applied while reading x, in
// the pairwise order NumPy sums its temporary, so the bits are the same without the temporary
// and its extra passes. f_of_row(r) is row r's transform. False (total untouched) otherwise.
template <class R, class RowTransform>
bool fused_row_sums(const Tensor<R>& x, const Axes& axis, bool keepdims, Tensor<R>& total,
                    const RowTransform& f_of_row) {
  if constexpr (!std::is_floating_point_v<R>) {
    return false;
  } else {
    const std::vector<bool> reduced = axis.mask(x.ndim());
    Shape shape = reduced_shape(x.shape(), reduced, keepdims);
    for (int64_t i = 0; i + 1 < x.ndim(); ++i)
      if (reduced[i] && !reduced[i + 1]) return false;
    const int64_t rows = shape_size(shape);
    if (!x.is_contiguous() || rows == 0 || x.size() == 0) return false;
    const int64_t row = x.size() / rows;
    total = Tensor<R>(shape);
    for (int64_t r = 0; r < rows; ++r)
      total.data()[r] = kernels::pairwise_sum(x.data() + r * row, row, f_of_row(r));
    return true;
  }
}

// For the order statistics (median, quantile): the row x[0, n) copied into v as U, or false
// when it holds a NaN (their result is then NaN, as NumPy's).
template <class U, class T>
bool copy_row_unless_nan(const T* x, int64_t n, std::vector<U>& v) {
  v.assign(x, x + n);
  for (const U& e : v)
    if (std::isnan(static_cast<double>(e))) return false;
  return true;
}

template <class X> struct is_tensor : std::false_type {};
template <class T> struct is_tensor<Tensor<T>> : std::true_type {};

// The element type of a reduction's declared result: Tensor<R> or R itself.
template <class Out> struct element_of { using type = Out; };
template <class T> struct element_of<Tensor<T>> { using type = T; };
template <class Out> using element_t = typename element_of<Out>::type;

// A reduction's result as the compiler declared it: the tensor, or its single element when
// NumPy returns a scalar (axis=None, keepdims=False).
template <class Out, class R>
Out finish(const Tensor<R>& result) {
  if constexpr (is_tensor<Out>::value) return result;
  else return static_cast<Out>(result.data()[0]);
}

}  // namespace muna::numpy::detail
