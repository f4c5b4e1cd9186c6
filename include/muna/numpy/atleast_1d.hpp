// numpy.atleast_1d and numpy.atleast_2d of one array: views with leading axes of length 1
// added (0-d -> (1,) or (1, 1), (N,) -> (1, N)); arrays of enough dimensions unchanged.
#pragma once
#include <muna/numpy/concatenate.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> atleast_1d(const Tensor<T>& arys) { return detail::at_least(arys, 1); }
template <class T>
Tensor<T> atleast_2d(const Tensor<T>& arys) { return detail::at_least(arys, 2); }
}  // namespace muna::numpy
