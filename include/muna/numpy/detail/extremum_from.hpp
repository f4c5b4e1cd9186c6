// The reducer of numpy.max / numpy.min with initial=v: NumPy starts each row's reduction at
// v, so v takes part in every row (a NaN on either side is the result) and an empty row is v.
#pragma once
#include <cstdint>

#include <muna/kernels/reduce.hpp>

namespace muna::numpy::detail {
template <bool Max, class T>
struct ExtremumFrom {
  T initial;
  const char* name = nullptr;  // no empty-reduction error: the identity is `initial`
  T identity() const { return initial; }
  T join(T r) const {
    if (initial != initial) return initial;  // NaN (x != x holds only for NaN)
    if (r != r) return r;
    return (Max ? initial < r : r < initial) ? r : initial;
  }
  T contiguous(const T* x, int64_t n) const { return join(kernels::extremum<Max>(x, n)); }
  T sequential(const T* x, int64_t n) const { return join(kernels::extremum<Max>(x, n)); }
};
}  // namespace muna::numpy::detail
