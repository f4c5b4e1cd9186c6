// numpy.where(condition, x, y): x where condition holds, else y, all three broadcast together;
// x and y arrive in their common dtype (scalars as NumPy scalars).
#pragma once
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class C, class X, class Y>
auto where(const C& condition, const X& x, const Y& y) {
  using T = typename detail::tensor_element<X>::type;
  const Tensor<bool> c = detail::as_tensor<bool>(condition);
  const Tensor<T> a = detail::as_tensor<T>(x), b = detail::as_tensor<T>(y);
  const Shape shape = broadcast_shapes(broadcast_shapes(c.shape(), a.shape()), b.shape());
  const Shape sc = broadcast_strides(c.shape(), c.strides(), shape);
  const Shape sa = broadcast_strides(a.shape(), a.strides(), shape);
  const Shape sb = broadcast_strides(b.shape(), b.strides(), shape);
  Tensor<T> out(shape);
  T* dst = out.data();
  const Shape* strides[3] = {&sc, &sa, &sb};
  const int64_t last = shape.empty() ? 0 : static_cast<int64_t>(shape.size()) - 1;
  for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    const int64_t kc = shape.empty() ? 0 : sc[last], ka = shape.empty() ? 0 : sa[last],
                  kb = shape.empty() ? 0 : sb[last];
    for (int64_t i = 0; i < n; ++i)
      *dst++ = c.data()[off[0] + i * kc] ? a.data()[off[1] + i * ka] : b.data()[off[2] + i * kb];
  });
  return out;
}
}  // namespace muna::numpy
