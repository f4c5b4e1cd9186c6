// numpy.angle: arctan2(imag, real) in the result dtype R (libm's atan2, as NumPy's loop), times
// 180/pi in R for deg=True.
#pragma once
#include <cmath>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
template <class R, class T>
Tensor<R> angle(const Tensor<T>& z, bool deg) {
  Tensor<R> out(z.shape());
  R* dst = out.data();
  const R scale = static_cast<R>(180.0 / 3.14159265358979323846);
  const Shape* strides[1] = {&z.strides()};
  for_each_run(z.shape(), strides, [&](int64_t n, const int64_t* off) {
    const T* src = z.data() + off[0];
    const int64_t step = z.ndim() ? z.strides().back() : 1;
    for (int64_t i = 0; i < n; ++i) {
      R a;
      if constexpr (is_complex_v<T>) a = std::atan2(static_cast<R>(src[i * step].imag()), static_cast<R>(src[i * step].real()));
      else a = std::atan2(R(0), convert_element<R>(src[i * step]));
      *dst++ = deg ? a * scale : a;
    }
  });
  return out;
}
}  // namespace muna::numpy
