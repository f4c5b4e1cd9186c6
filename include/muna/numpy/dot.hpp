// numpy.dot, numpy.inner, numpy.outer, numpy.tensordot and numpy.vdot, all as transposes and
// reshapes around detail::matmul_kernel (through matmul), with NumPy's shape rules.
#pragma once
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include <muna/kernels/arith.hpp>
#include <muna/numpy/detail/ufunc.hpp>
#include <muna/numpy/matmul.hpp>
#include <muna/numpy/ravel.hpp>
#include <muna/numpy/transpose.hpp>

namespace muna::numpy {
namespace detail {
// Contracts a's axes `ax` with b's axes `bx` (same lengths): the free axes of a, then of b.
template <class T>
Tensor<T> contract(const Tensor<T>& a, const Tensor<T>& b, Shape ax, Shape bx) {
  for (auto& v : ax) v = normalize_axis(v, a.ndim());
  for (auto& v : bx) v = normalize_axis(v, b.ndim());
  Shape free_a, free_b, out_shape;
  int64_t k = 1, m = 1, n = 1;
  for (size_t i = 0; i < ax.size(); ++i) {
    if (a.shape()[ax[i]] != b.shape()[bx[i]]) throw ValueError("shape-mismatch for sum");
    k *= a.shape()[ax[i]];
  }
  for (int64_t i = 0; i < a.ndim(); ++i)
    if (std::find(ax.begin(), ax.end(), i) == ax.end()) {
      free_a.push_back(i);
      out_shape.push_back(a.shape()[i]);
      m *= a.shape()[i];
    }
  for (int64_t i = 0; i < b.ndim(); ++i)
    if (std::find(bx.begin(), bx.end(), i) == bx.end()) {
      free_b.push_back(i);
      out_shape.push_back(b.shape()[i]);
      n *= b.shape()[i];
    }
  Shape pa = free_a, pb = bx;
  pa.insert(pa.end(), ax.begin(), ax.end());
  pb.insert(pb.end(), free_b.begin(), free_b.end());
  const Tensor<T> ta = contiguous(transpose(a, pa)), tb = contiguous(transpose(b, pb));
  Tensor<T> out(out_shape);
  matmul_kernel(m, n, k, ta.data(), k, tb.data(), n, out.data(), n);
  return out;
}
}  // namespace detail

template <class A, class B>
auto dot(const A& a_in, const B& b_in) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> a = detail::as_tensor<T>(a_in), b = detail::as_tensor<T>(b_in);
  if (a.ndim() == 0 || b.ndim() == 0) return detail::apply_binary<kernels::Multiply>(a, b);
  if (b.ndim() == 1) {
    if (a.shape()[a.ndim() - 1] != b.shape()[0])
      throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) +
                       " not aligned: " + std::to_string(a.shape()[a.ndim() - 1]) + " (dim " +
                       std::to_string(a.ndim() - 1) + ") != " + std::to_string(b.shape()[0]) + " (dim 0)");
    return detail::contract(a, b, Shape{a.ndim() - 1}, Shape{0});
  }
  const int64_t kb = b.ndim() - 2;
  if (a.shape()[a.ndim() - 1] != b.shape()[kb])
    throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) +
                     " not aligned: " + std::to_string(a.shape()[a.ndim() - 1]) + " (dim " +
                     std::to_string(a.ndim() - 1) + ") != " + std::to_string(b.shape()[kb]) +
                     " (dim " + std::to_string(kb) + ")");
  return detail::contract(a, b, Shape{a.ndim() - 1}, Shape{kb});
}

template <class A, class B>
auto inner(const A& a_in, const B& b_in) {
  using T = typename detail::tensor_element<A>::type;
  const Tensor<T> a = detail::as_tensor<T>(a_in), b = detail::as_tensor<T>(b_in);
  if (a.ndim() == 0 || b.ndim() == 0) return detail::apply_binary<kernels::Multiply>(a, b);
  if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() - 1])
    throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) +
                     " not aligned: " + std::to_string(a.shape()[a.ndim() - 1]) + " (dim " +
                     std::to_string(a.ndim() - 1) + ") != " + std::to_string(b.shape()[b.ndim() - 1]) +
                     " (dim " + std::to_string(b.ndim() - 1) + ")");
  return detail::contract(a, b, Shape{a.ndim() - 1}, Shape{b.ndim() - 1});
}

template <class T>
Tensor<T> outer(const Tensor<T>& a, const Tensor<T>& b) {
  const Tensor<T> ca = contiguous(a), cb = contiguous(b);
  const int64_t m = ca.size(), n = cb.size();
  Tensor<T> out(Shape{m, n});
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) out.data()[i * n + j] = kernels::Multiply::scalar(ca.data()[i], cb.data()[j]);
  return out;
}

template <class T>
Tensor<T> tensordot(const Tensor<T>& a, const Tensor<T>& b, int64_t axes = 2) {
  if (axes < 0 || axes > a.ndim() || axes > b.ndim()) throw ValueError("shape-mismatch for sum");
  Shape ax, bx;
  for (int64_t i = 0; i < axes; ++i) {
    ax.push_back(a.ndim() - axes + i);
    bx.push_back(i);
  }
  return detail::contract(a, b, ax, bx);
}
template <class T, class AA, class BB>
Tensor<T> tensordot(const Tensor<T>& a, const Tensor<T>& b, const std::tuple<AA, BB>& axes) {
  auto list = [](const auto& v) {
    Shape out;
    if constexpr (std::is_integral_v<std::decay_t<decltype(v)>>) out.push_back(v);
    else std::apply([&](auto... d) { (out.push_back(static_cast<int64_t>(d)), ...); }, v);
    return out;
  };
  const Shape ax = list(std::get<0>(axes)), bx = list(std::get<1>(axes));
  if (ax.size() != bx.size()) throw ValueError("shape-mismatch for sum");
  return detail::contract(a, b, ax, bx);
}
}  // namespace muna::numpy
