// numpy.column_stack: 0-d and 1-d arrays become columns (N, 1), 2-d ones stay, then all join
// along axis 1.
#pragma once
#include <muna/numpy/concatenate.hpp>

namespace muna::numpy {
template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> column_stack(const S& tup) {
  return detail::join_lifted(tup, [](const Tensor<T>& x) {
    if (x.ndim() >= 2) return x;
    const Tensor<T> row = detail::at_least(x, 2);  // (1, N), as np.array(x, ndmin=2)
    return row.with_layout(Shape{row.shape()[1], 1}, Shape{row.strides()[1], 0});
  }, 1);
}
}  // namespace muna::numpy
