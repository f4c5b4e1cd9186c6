// numpy.dstack: every array made at least 3-d as numpy.atleast_3d does ((N,) -> (1, N, 1),
// (M, N) -> (M, N, 1)), then joined along axis 2.
#pragma once
#include <muna/numpy/concatenate.hpp>

namespace muna::numpy {
template <class S, class T = typename detail::sequence_element<S>::type>
Tensor<T> dstack(const S& tup) {
  return detail::join_lifted(tup, [](const Tensor<T>& x) {
    if (x.ndim() >= 3) return x;
    const Tensor<T> m = detail::at_least(x, 2);  // 0-d -> (1, 1), (N,) -> (1, N)
    Shape shape = m.shape(), strides = m.strides();
    shape.push_back(1);
    strides.push_back(0);
    return m.with_layout(shape, strides);
  }, 2);
}
}  // namespace muna::numpy
