// numpy.copy and ndarray.copy: a new C-contiguous array (never a view, and writable even when
// copied from a constant).
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> copy(const Tensor<T>& a) { return cast<T>(a); }
}  // namespace muna::numpy
