// matmul/bmm/mm/linear/einsum. Every matrix product goes through ONE function,
// detail::matmul_kernel: float32 and float64 run the project's GEMM (kernels/muna/kernels/
// gemm.hpp: oneDNN or Eigen, multithreaded); other dtypes a blocked loop accumulating in float
// (bfloat16) or the element type.
#pragma once
#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <muna/kernels/gemm.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch::detail {

// C[m, n] = sum_k A[m, k] * B[k, n] over row-major blocks with leading dimensions lda/ldb/ldc
// (elements). Accumulates each output in compute_t<T>, then rounds once.
template <class T>
void matmul_kernel(int64_t M, int64_t N, int64_t K, const T* A, int64_t lda, const T* B, int64_t ldb, T* C, int64_t ldc) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return kernels::matmul(A, B, C, M, N, K, lda, ldb, ldc, false);  // handles empty shapes
  }
  using A_t = compute_t<T>;
  constexpr int64_t kBlockN = 256, kBlockK = 128;
  std::vector<A_t> acc(static_cast<size_t>(std::min<int64_t>(N, kBlockN)));
  for (int64_t n0 = 0; n0 < N; n0 += kBlockN) {
    const int64_t nb = std::min(kBlockN, N - n0);
    for (int64_t m = 0; m < M; ++m) {
      std::fill(acc.begin(), acc.begin() + nb, A_t(0));
      for (int64_t k0 = 0; k0 < K; k0 += kBlockK) {
        const int64_t kb = std::min(kBlockK, K - k0);
        for (int64_t k = k0; k < k0 + kb; ++k) {
          const A_t a = static_cast<A_t>(A[m * lda + k]);
          const T* b = B + k * ldb + n0;
          for (int64_t j = 0; j < nb; ++j) acc[j] += a * static_cast<A_t>(b[j]);
        }
      }
      for (int64_t j = 0; j < nb; ++j) C[m * ldc + n0 + j] = static_cast<T>(acc[j]);
    }
  }
}

// Batched product of a (..., m, k) and b (..., k, n) with broadcast batch dims.
template <class T>
Tn<T> batched_matmul(const Tn<T>& a, const Tn<T>& b) {
  const int64_t ra = a.ndim(), rb = b.ndim();
  const int64_t m = a.shape()[ra - 2], k = a.shape()[ra - 1], n = b.shape()[rb - 1];
  if (b.shape()[rb - 2] != k)
    throw RuntimeError("mat1 and mat2 shapes cannot be multiplied (" + std::to_string(m) + "x" + std::to_string(k) +
                       " and " + std::to_string(b.shape()[rb - 2]) + "x" + std::to_string(n) + ")");
  const Shape batch_a(a.shape().begin(), a.shape().end() - 2), batch_b(b.shape().begin(), b.shape().end() - 2);
  const Shape batch = broadcast_shapes(batch_a, batch_b);
  Shape sa = broadcast_strides(batch_a, Shape(a.strides().begin(), a.strides().end() - 2), batch);
  Shape sb = broadcast_strides(batch_b, Shape(b.strides().begin(), b.strides().end() - 2), batch);
  Shape out_shape = batch;
  out_shape.push_back(m);
  out_shape.push_back(n);
  Tn<T> out(out_shape);
  const int64_t count = shape_size(batch);
  std::vector<int64_t> pos(batch.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t oa = 0, ob = 0;
    for (size_t d = 0; d < batch.size(); ++d) oa += pos[d] * sa[d], ob += pos[d] * sb[d];
    const Tn<T> ma = contiguous(a.with_layout({m, k}, {a.strides()[ra - 2], a.strides()[ra - 1]}, oa));
    const Tn<T> mb = contiguous(b.with_layout({k, n}, {b.strides()[rb - 2], b.strides()[rb - 1]}, ob));
    matmul_kernel<T>(m, n, k, ma.data(), k, mb.data(), n, out.data() + i * m * n, n);
    for (size_t d = batch.size(); d-- > 0;) {
      if (++pos[d] < batch[d]) break;
      pos[d] = 0;
    }
  }
  return out;
}

}  // namespace muna::torch::detail

namespace muna::torch {

// torch.matmul: 1-d operands gain (and then lose) a dim, N-d operands batch with broadcasting.
template <class T>
detail::Tn<T> matmul(const detail::Tn<T>& input, const detail::Tn<T>& other) {
  if (input.ndim() == 0 || other.ndim() == 0)
    throw RuntimeError("both arguments to matmul need to be at least 1D, but they are " + std::to_string(input.ndim()) +
                       "D and " + std::to_string(other.ndim()) + "D");
  const bool vec_a = input.ndim() == 1, vec_b = other.ndim() == 1;
  const detail::Tn<T> a = vec_a ? input.with_layout({1, input.shape()[0]}, {0, input.strides()[0]}) : input;
  const detail::Tn<T> b = vec_b ? other.with_layout({other.shape()[0], 1}, {other.strides()[0], 0}) : other;
  detail::Tn<T> out = detail::batched_matmul(a, b);
  Shape shape = out.shape();
  if (vec_b) shape.erase(shape.end() - 1);
  if (vec_a) shape.erase(shape.end() - (vec_b ? 1 : 2));
  return out.with_layout(shape, contiguous_strides(shape));
}
template <class T>
detail::Tn<T> mm(const detail::Tn<T>& input, const detail::Tn<T>& mat2) {
  if (input.ndim() != 2 || mat2.ndim() != 2) throw RuntimeError("mm: expected 2-D tensors");
  return detail::batched_matmul(input, mat2);
}
template <class T>
detail::Tn<T> bmm(const detail::Tn<T>& input, const detail::Tn<T>& mat2) {
  if (input.ndim() != 3 || mat2.ndim() != 3) throw RuntimeError("batch1 must be a 3D tensor");
  if (input.shape()[0] != mat2.shape()[0])
    throw RuntimeError("batch1 and batch2 must have same number of batches, got " + std::to_string(input.shape()[0]) +
                       " and " + std::to_string(mat2.shape()[0]));
  return detail::batched_matmul(input, mat2);
}

// addmm: beta * input + alpha * (mat1 @ mat2), input broadcast to the product's shape.
template <class T>
detail::Tn<T> addmm(const detail::Tn<T>& input, const detail::Tn<T>& mat1, const detail::Tn<T>& mat2, double beta, double alpha) {
  detail::Tn<T> out = mm(mat1, mat2);
  using A = detail::compute_t<T>;
  const Shape sb = broadcast_strides(input.shape(), input.strides(), out.shape());
  if (broadcast_shapes(out.shape(), input.shape()) != out.shape())
    throw RuntimeError("The expanded size of the tensor must match the product's shape " + shape_str(out.shape()));
  const Shape* strides[1] = {&sb};
  T* dst = out.data();
  for_each_run(out.shape(), strides, [&](int64_t n, const int64_t* off) {
    const int64_t step = sb.empty() ? 0 : sb.back();
    for (int64_t i = 0; i < n; ++i, ++dst) {
      const A add = beta == 0 ? A(0) : static_cast<A>(beta) * static_cast<A>(input.data()[off[0] + i * step]);
      *dst = static_cast<T>(static_cast<A>(alpha) * static_cast<A>(*dst) + add);
    }
  });
  return out;
}

// einsum over 1 to 3 operands: a direct loop over every label (fine for the small contractions
// attention code writes; large products should be written with matmul).
template <class T, class... X>
detail::Tn<T> einsum(const std::string& equation, const detail::Tn<T>& first, const X&... rest) {
  const std::vector<detail::Tn<T>> ops{first, rest...};
  std::string eq;
  for (char c : equation) if (c != ' ') eq += c;
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != ops.size())
    throw ValueError("einsum(): more operands were provided than specified in the equation");
  std::map<char, int64_t> size;
  std::map<char, int> count;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (static_cast<int64_t>(terms[i].size()) != ops[i].ndim())
      throw RuntimeError("einsum(): the number of subscripts in the equation (" + std::to_string(terms[i].size()) +
                         ") does not match the number of dimensions (" + std::to_string(ops[i].ndim()) +
                         ") for operand " + std::to_string(i) + " and no ellipsis was given");
    for (size_t d = 0; d < terms[i].size(); ++d) {
      const char c = terms[i][d];
      const int64_t s = ops[i].shape()[d];
      if (size.count(c) && size[c] != s && size[c] != 1 && s != 1)
        throw RuntimeError(std::string("einsum(): operands do not broadcast with remapped shapes for subscript ") + c);
      size[c] = std::max(size.count(c) ? size[c] : 1, s);
      ++count[c];
    }
  }
  std::string out_labels;
  if (arrow != std::string::npos) out_labels = eq.substr(arrow + 2);
  else for (const auto& [c, n] : count) if (n == 1) out_labels += c;
  std::string labels = out_labels;
  for (const auto& [c, n] : size) if (out_labels.find(c) == std::string::npos) labels += c;
  Shape out_shape;
  for (char c : out_labels) out_shape.push_back(size.at(c));
  const size_t n_out = out_labels.size(), n_all = labels.size();
  std::vector<int64_t> extent(n_all);
  for (size_t i = 0; i < n_all; ++i) extent[i] = size.at(labels[i]);
  // Per operand, the stride each label steps (0 when absent or broadcast).
  std::vector<std::vector<int64_t>> step(ops.size(), std::vector<int64_t>(n_all, 0));
  for (size_t o = 0; o < ops.size(); ++o)
    for (size_t d = 0; d < terms[o].size(); ++d) {
      const size_t l = labels.find(terms[o][d]);
      if (ops[o].shape()[d] != 1) step[o][l] += ops[o].strides()[d];
    }
  using A = detail::compute_t<T>;
  detail::Tn<T> out(out_shape);
  const int64_t outer = shape_size(out_shape);
  int64_t inner = 1;
  for (size_t i = n_out; i < n_all; ++i) inner *= extent[i];
  std::vector<int64_t> idx(n_all, 0);
  for (int64_t o = 0; o < outer; ++o) {
    A acc = A(0);
    std::fill(idx.begin() + n_out, idx.end(), 0);
    for (int64_t r = 0; r < inner; ++r) {
      A prod = A(1);
      for (size_t p = 0; p < ops.size(); ++p) {
        int64_t off = 0;
        for (size_t i = 0; i < n_all; ++i) off += idx[i] * step[p][i];
        prod *= static_cast<A>(ops[p].data()[off]);
      }
      acc += prod;
      for (size_t i = n_all; i-- > n_out;) {
        if (++idx[i] < extent[i]) break;
        idx[i] = 0;
      }
    }
    out.data()[o] = static_cast<T>(acc);
    for (size_t i = n_out; i-- > 0;) {
      if (++idx[i] < extent[i]) break;
      idx[i] = 0;
    }
  }
  return out;
}

}  // namespace muna::torch

namespace muna::torch::nn::functional {

// linear(x, W, b) = x W^T + b: W^T is a strided view, packed once per call by the matmul driver.
template <class T, class B>
detail::Tn<T> linear(const detail::Tn<T>& input, const detail::Tn<T>& weight, const B& bias) {
  if (weight.ndim() != 2 && weight.ndim() != 1) throw RuntimeError("linear: weight must be 1-D or 2-D");
  const detail::Tn<T> wt = weight.ndim() == 2
      ? weight.with_layout({weight.shape()[1], weight.shape()[0]}, {weight.strides()[1], weight.strides()[0]})
      : weight;
  detail::Tn<T> out = matmul(input, wt);
  if constexpr (!std::is_same_v<B, NoneType>) {
    const Shape sb = broadcast_strides(bias.shape(), bias.strides(), out.shape());
    const Shape* strides[1] = {&sb};
    T* dst = out.data();
    using A = detail::compute_t<T>;
    for_each_run(out.shape(), strides, [&](int64_t n, const int64_t* off) {
      const int64_t step = sb.empty() ? 0 : sb.back();
      for (int64_t i = 0; i < n; ++i, ++dst) *dst = static_cast<T>(static_cast<A>(*dst) + static_cast<A>(bias.data()[off[0] + i * step]));
    });
  }
  return out;
}

}  // namespace muna::torch::nn::functional
