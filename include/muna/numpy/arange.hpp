// numpy.arange with NumPy's arithmetic: length ceil((stop - start) / step) computed in double;
// the first two values converted to T, then out[i] = out[0] + i * (out[1] - out[0]) in T, which
// is how NumPy's dtype `fill` functions continue the sequence.
#pragma once
#include <cmath>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> arange(double start, double stop, double step) {
  if (step == 0) throw ZeroDivisionError("division by zero");
  const double span = std::ceil((stop - start) / step);
  if (!std::isfinite(span)) throw ValueError("arange: cannot compute length");
  const int64_t n = span > 0 ? static_cast<int64_t>(span) : 0;
  Tensor<T> out(Shape{n});
  T* p = out.data();
  if (n > 0) p[0] = convert_element<T>(start);
  if (n > 1) p[1] = convert_element<T>(start + step);
  if constexpr (std::is_same_v<T, bool>) {
    if (n > 2) throw TypeError("arange() is only supported for booleans when the result has at most length 2.");
  } else {
    const T first = p[0];
    const T delta = n > 1 ? static_cast<T>(p[1] - p[0]) : T(0);
    for (int64_t i = 2; i < n; ++i) p[i] = static_cast<T>(first + static_cast<T>(i) * delta);
  }
  return out;
}
}  // namespace muna::numpy
