// Drivers that apply an element-wise functor over tensors with NumPy broadcasting: the output
// is a new C-contiguous tensor; each innermost run of the iteration goes to the generic map in
// <muna/kernels/elementwise.hpp>.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/kernels/elementwise.hpp>

namespace muna::numpy::detail {

template <class Op, class U, class T>
Tensor<U> unary(const Tensor<T>& x) {
  Tensor<U> out(x.shape());
  U* dst = out.data();
  const Shape* strides[1] = {&x.strides()};
  for_each_run(x.shape(), strides, [&](int64_t n, const int64_t* off) {
    kernels::map_unary<Op>(n, x.data() + off[0], x.ndim() ? x.strides().back() : 0, dst);
    dst += n;
  });
  return out;
}

template <class Op, class U, class T>
Tensor<U> binary(const Tensor<T>& a, const Tensor<T>& b) {
  Shape shape = broadcast_shapes(a.shape(), b.shape());
  Shape sa = broadcast_strides(a.shape(), a.strides(), shape);
  Shape sb = broadcast_strides(b.shape(), b.strides(), shape);
  Tensor<U> out(shape);
  U* dst = out.data();
  const Shape* strides[2] = {&sa, &sb};
  const bool scalar_rank = shape.empty();
  for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    kernels::map_binary<Op>(n, a.data() + off[0], scalar_rank ? 0 : sa.back(), b.data() + off[1],
                            scalar_rank ? 0 : sb.back(), dst);
    dst += n;
  });
  return out;
}

// A 0-d view of a scalar on the caller's stack, so tensor-scalar ops share the tensor path
// without allocating.
template <class T>
Tensor<T> scalar_view(const T& value) {
  return Tensor<T>(const_cast<T*>(&value), Shape{}, Shape{}, nullptr, false);
}

template <class T> struct tensor_element { using type = T; };
template <class T> struct tensor_element<Tensor<T>> { using type = T; };

template <class T>
Tensor<T> as_tensor(const Tensor<T>& x) { return x; }
template <class T>
Tensor<T> as_tensor(const T& x) { return scalar_view(x); }

// A binary ufunc on any mix of tensor and scalar operands of one element type T (the compiler
// has already applied NumPy's promotion, so both sides arrive as T). The result element type is
// what the functor's scalar form returns (bool for comparisons).
template <class Op, class A, class B>
auto apply_binary(const A& a, const B& b) {
  using T = typename tensor_element<A>::type;
  static_assert(std::is_same_v<T, typename tensor_element<B>::type>,
                "operands must be promoted to one dtype before the call");
  using U = decltype(Op::scalar(T{}, T{}));
  if constexpr (std::is_same_v<A, T> && std::is_same_v<B, T>) {
    return Op::scalar(a, b);  // two NumPy scalars give a NumPy scalar
  } else {
    return binary<Op, U>(as_tensor<T>(a), as_tensor<T>(b));
  }
}

template <class Op, class T>
auto apply_unary(const Tensor<T>& x) {
  using U = decltype(Op::scalar(T{}));
  return unary<Op, U>(x);
}

// A ufunc of a NumPy scalar is a NumPy scalar.
template <class Op, class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
auto apply_unary(const T& x) {
  return Op::scalar(x);
}

}  // namespace muna::numpy::detail
