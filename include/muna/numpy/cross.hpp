// numpy.cross of 2- and 3-vectors along the last axes (the other axes broadcast), NumPy 1.24's
// formulas and rounding: each component a product, minus a product, in the result dtype (a
// missing third component is zero, so that term is left out, as NumPy does). Two 2-vectors
// give the z component alone (one axis fewer).
#pragma once
#include <muna/kernels/arith.hpp>
#include <muna/numpy/broadcast_to.hpp>
#include <muna/numpy/detail/rounded.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> cross(const Tensor<T>& a, const Tensor<T>& b) {
  const int64_t na = a.ndim() ? a.shape().back() : 0, nb = b.ndim() ? b.shape().back() : 0;
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  const Shape batch = broadcast_shapes(Shape(a.shape().begin(), a.shape().end() - 1),
                                       Shape(b.shape().begin(), b.shape().end() - 1));
  auto lanes = [&](const Tensor<T>& x, int64_t n) {
    Shape shape = batch;
    shape.push_back(n);
    return contiguous(broadcast_to(x, shape));
  };
  const Tensor<T> x = lanes(a, na), y = lanes(b, nb);
  const bool planar = na == 2 && nb == 2;
  Shape shape = batch;
  if (!planar) shape.push_back(3);
  Tensor<T> out(shape);
  using kernels::Multiply;
  using kernels::Subtract;
  auto mul = [](T p, T q) { return detail::rounded(Multiply::scalar(p, q)); };
  for (int64_t i = 0, n = shape_size(batch); i < n; ++i) {
    const T* u = x.data() + i * na;
    const T* v = y.data() + i * nb;
    const T z = Subtract::scalar(mul(u[0], v[1]), mul(u[1], v[0]));
    if (planar) {
      out.data()[i] = z;
      continue;
    }
    T* c = out.data() + i * 3;
    if (na == 3 && nb == 3) {
      c[0] = Subtract::scalar(mul(u[1], v[2]), mul(u[2], v[1]));
      c[1] = Subtract::scalar(mul(u[2], v[0]), mul(u[0], v[2]));
    } else if (na == 2) {  // a2 = 0
      c[0] = mul(u[1], v[2]);
      c[1] = kernels::Negative::scalar(mul(u[0], v[2]));
    } else {  // b2 = 0
      c[0] = kernels::Negative::scalar(mul(u[2], v[1]));
      c[1] = mul(u[2], v[0]);
    }
    c[2] = z;
  }
  return out;
}
}  // namespace muna::numpy
