// numpy.diff: the n-th discrete difference along an axis (a[i+1] - a[i], n times); bool arrays
// use "not equal", as NumPy does. prepend / append (None, or arrays of a's dtype, converted by
// the compiler; a number is a 0-d one, broadcast to a's shape with that axis of length 1) are
// joined to a along the axis first.
#pragma once
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/kernels/arith.hpp>
#include <muna/numpy/broadcast_to.hpp>
#include <muna/numpy/concatenate.hpp>
#include <muna/numpy/detail/along_axis.hpp>
#include <muna/numpy/detail/ufunc.hpp>

namespace muna::numpy {
template <class T>
Tensor<T> diff(const Tensor<T>& a, int64_t n = 1, int64_t axis = -1) {
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  axis = normalize_axis(axis, a.ndim());
  Tensor<T> current = a;
  for (int64_t k = 0; k < n; ++k) {
    Shape shape = current.shape();
    shape[axis] = std::max<int64_t>(shape[axis] - 1, 0);
    Tensor<T> out(shape);
    Tensor<T> head = current.with_layout(shape, current.strides());
    detail::along_axis(head, axis, out, [](const T* x, int64_t len, int64_t sx, T* y, int64_t sy) {
      for (int64_t i = 0; i < len; ++i) {
        if constexpr (std::is_same_v<T, bool>) y[i * sy] = x[(i + 1) * sx] != x[i * sx];
        else y[i * sy] = kernels::Subtract::scalar(x[(i + 1) * sx], x[i * sx]);
      }
    });
    current = out;
  }
  return current;
}
template <class T, class P, class A>
Tensor<T> diff(const Tensor<T>& a, int64_t n, int64_t axis, const P& prepend, const A& append) {
  if (n == 0) return a;  // NumPy returns before joining
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  axis = normalize_axis(axis, a.ndim());
  std::vector<Tensor<T>> parts;
  auto add = [&](const auto& part) {
    if constexpr (!std::is_same_v<std::decay_t<decltype(part)>, NoneType>) {
      Tensor<T> p = detail::as_tensor<T>(part);
      if (p.ndim() == 0) {
        Shape shape = a.shape();
        shape[axis] = 1;
        p = broadcast_to(p, shape);
      }
      parts.push_back(p);
    }
  };
  add(prepend);
  parts.push_back(a);
  add(append);
  return diff(detail::join(parts, axis), n, axis);
}
}  // namespace muna::numpy
