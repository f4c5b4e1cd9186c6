// Applies a row function along one axis: fn(in, n, in_step, out, out_step) once per 1-d lane of
// `x` along `axis`, writing the matching lane of `out` (whose shape has the same other axes).
#pragma once
#include <muna/core/tensor.hpp>

namespace muna::numpy::detail {

template <class T, class U, class Fn>
void along_axis(const Tensor<T>& x, int64_t axis, Tensor<U>& out, Fn&& fn) {
  const int64_t ndim = x.ndim();
  Shape shape, sx, so;
  for (int64_t i = 0; i < ndim; ++i)
    if (i != axis) {
      shape.push_back(x.shape()[i]);
      sx.push_back(x.strides()[i]);
      so.push_back(out.strides()[i]);
    }
  // The lane loop is the innermost: append a length-1 dim so for_each_run visits elements.
  shape.push_back(1);
  sx.push_back(0);
  so.push_back(0);
  const int64_t n = x.shape()[axis], step_x = x.strides()[axis], step_o = out.strides()[axis];
  const Shape* strides[2] = {&sx, &so};
  for_each_run(shape, strides, [&](int64_t, const int64_t* off) {
    fn(x.data() + off[0], n, step_x, out.data() + off[1], step_o);
  });
}

}  // namespace muna::numpy::detail
