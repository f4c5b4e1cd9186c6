// The driver shared by NumPy reductions. A reducer has
//   U contiguous(const T* x, int64_t n)  -- one contiguous row, in NumPy's inner-loop order;
//   U sequential(const T* x, int64_t n)  -- one row gathered from a non-contiguous axis, added in
//                                          order as NumPy's outer-loop reduction does;
//   const char* name                     -- for the empty-reduction error (or nullptr when the
//                                          reduction of nothing is its identity).
#pragma once
#include <muna/core/tensor.hpp>
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
  // Reducing only trailing axes of a contiguous block: rows are contiguous in memory.
  bool trailing = true;
  for (int64_t i = 0; i < ndim; ++i)
    if (reduced[i] && i + 1 < ndim && !reduced[i + 1]) trailing = false;
  const Tensor<T> view = x.with_layout(shape, strides);
  if (trailing && view.is_contiguous()) {
    for (int64_t r = 0; r < rows; ++r) dst[r] = reducer.contiguous(view.data() + r * row, row);
    return out;
  }
  const Tensor<T> packed = contiguous(view);
  for (int64_t r = 0; r < rows; ++r) dst[r] = reducer.sequential(packed.data() + r * row, row);
  return out;
}

}  // namespace muna::numpy::detail
