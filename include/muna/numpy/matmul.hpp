// numpy.matmul and the @ operator: batched over broadcast leading axes, 1-d operands promoted
// to a row (left) or column (right) and that axis removed from the result, NumPy's errors.
// Each product goes through detail::matmul_kernel.
#pragma once
#include <string>

#include <muna/core/tensor.hpp>
#include <muna/numpy/detail/matmul_kernel.hpp>

namespace muna::numpy {
namespace detail {
constexpr const char* kMatmulSignature = "(n?,k),(k,m?)->(n?,m?)";

template <class T>
Tensor<T> matmul_tensors(const Tensor<T>& a_in, const Tensor<T>& b_in) {
  for (int which = 0; which < 2; ++which)
    if ((which ? b_in : a_in).ndim() == 0)
      throw ValueError(std::string("matmul: Input operand ") + std::to_string(which) +
                       " does not have enough dimensions (has 0, gufunc core with signature " +
                       kMatmulSignature + " requires 1)");
  const bool vec_a = a_in.ndim() == 1, vec_b = b_in.ndim() == 1;
  const Tensor<T> a = vec_a ? a_in.with_layout(Shape{1, a_in.shape()[0]}, Shape{0, a_in.strides()[0]}) : a_in;
  const Tensor<T> b = vec_b ? b_in.with_layout(Shape{b_in.shape()[0], 1}, Shape{b_in.strides()[0], 0}) : b_in;
  const int64_t m = a.shape()[a.ndim() - 2], k = a.shape()[a.ndim() - 1];
  const int64_t kb = b.shape()[b.ndim() - 2], n = b.shape()[b.ndim() - 1];
  if (k != kb)
    throw ValueError(std::string("matmul: Input operand 1 has a mismatch in its core dimension 0, "
                                 "with gufunc signature ") + kMatmulSignature + " (size " +
                     std::to_string(kb) + " is different from " + std::to_string(k) + ")");
  const Shape batch_a(a.shape().begin(), a.shape().end() - 2);
  const Shape batch_b(b.shape().begin(), b.shape().end() - 2);
  const Shape batch = broadcast_shapes(batch_a, batch_b);
  Shape out_shape = batch;
  if (!vec_a) out_shape.push_back(m);
  if (!vec_b) out_shape.push_back(n);
  Tensor<T> out(out_shape);
  // Broadcast both operands over the batch, then copy each matrix to a contiguous block.
  Shape sa_full = broadcast_strides(batch_a, Shape(a.strides().begin(), a.strides().end() - 2), batch);
  Shape sb_full = broadcast_strides(batch_b, Shape(b.strides().begin(), b.strides().end() - 2), batch);
  Shape va = batch, vb = batch, sa = sa_full, sb = sb_full;
  va.insert(va.end(), {m, k});
  vb.insert(vb.end(), {k, n});
  sa.insert(sa.end(), {a.strides()[a.ndim() - 2], a.strides()[a.ndim() - 1]});
  sb.insert(sb.end(), {b.strides()[b.ndim() - 2], b.strides()[b.ndim() - 1]});
  const Tensor<T> pa = contiguous(a.with_layout(va, sa));
  const Tensor<T> pb = contiguous(b.with_layout(vb, sb));
  const int64_t batches = shape_size(batch);
  for (int64_t i = 0; i < batches; ++i)
    matmul_kernel(m, n, k, pa.data() + i * m * k, k, pb.data() + i * k * n, n,
                  out.data() + i * m * n, n);
  return out;
}
}  // namespace detail

template <class A, class B>
auto matmul(const A& x1, const B& x2) {
  return detail::matmul_tensors(x1, x2);
}
}  // namespace muna::numpy
