// torch.nn.functional without matrix products (those, linear and conv, include the GEMM and
// live in linalg.hpp and conv.hpp). Rows go to the kernels in kernels/muna/kernels (softmax,
// norm, activation).
// Window sizes, strides and paddings are compile-time constants the compiler has already
// expanded to per-dimension ints. bfloat16 runs in float and rounds once per output.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <muna/kernels/activation.hpp>
#include <muna/kernels/norm.hpp>
#include <muna/kernels/softmax.hpp>
#include <muna/torch/detail/elementwise.hpp>
#include <muna/torch/detail/reduce.hpp>

namespace muna::torch::detail {

// Applies row_fn(const A* in, int64_t n, A* out) to every row along dim, in the compute type.
template <class T, class Fn>
Tn<T> along_rows(const Tn<T>& x, int64_t dim, Fn&& row_fn) {
  using A = compute_t<T>;
  if (x.ndim() == 0) {
    Tn<A> one = cast<A>(x);
    row_fn(one.data(), 1, one.data());
    return cast<T>(one);
  }
  const int64_t d = wrap_dim(dim, x.ndim());
  Tn<A> rows = cast<A>(rows_along(x, d));
  const int64_t n = x.shape()[d];
  for (int64_t r = 0; n && r < rows.size() / n; ++r) row_fn(rows.data() + r * n, n, rows.data() + r * n);
  return cast<T>(unrows(rows, d));
}

// Per-channel affine y = (x - mean) * scale + shift for (N, C, *) tensors, in A.
template <class T, class A>
Tn<T> channel_affine(const Tn<T>& input, const std::vector<A>& scale, const std::vector<A>& shift, int64_t groups_of) {
  const Tn<T> x = contiguous(input);
  Tn<T> out(x.shape());
  const int64_t N = x.shape()[0], C = x.ndim() > 1 ? x.shape()[1] : 1;
  const int64_t inner = N * C ? x.size() / (N * C) : 0;
  (void)groups_of;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const size_t k = static_cast<size_t>(groups_of ? n * C + c : c);
      const T* src = x.data() + (n * C + c) * inner;
      T* dst = out.data() + (n * C + c) * inner;
      for (int64_t i = 0; i < inner; ++i) dst[i] = static_cast<T>(static_cast<A>(src[i]) * scale[k] + shift[k]);
    }
  return out;
}

// A new tensor shaped like x with its last two dims (the image planes) resized.
template <class T>
Tn<T> resized_planes(const Tn<T>& x, int64_t height, int64_t width) {
  Shape shape = x.shape();
  shape[shape.size() - 2] = height;
  shape[shape.size() - 1] = width;
  return Tn<T>(shape);
}

template <class W>
std::vector<double> values_or(const W& w, int64_t n, double fallback) {
  std::vector<double> out(static_cast<size_t>(n), fallback);
  if constexpr (!std::is_same_v<W, NoneType>) {
    if (w.size() != n) throw RuntimeError("expected a tensor of " + std::to_string(n) + " elements, got " + std::to_string(w.size()));
    const auto packed = contiguous(w);
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<double>(packed.data()[i]);
  }
  return out;
}

}  // namespace muna::torch::detail

namespace muna::torch::nn::functional {


template <class T>
detail::Tn<T> softmax(const detail::Tn<T>& input, int64_t dim) {
  return detail::along_rows(input, dim, [](auto* x, int64_t n, auto* out) { kernels::softmax_row(x, n, out, false); });
}
template <class T>
detail::Tn<T> log_softmax(const detail::Tn<T>& input, int64_t dim) {
  return detail::along_rows(input, dim, [](auto* x, int64_t n, auto* out) { kernels::softmax_row(x, n, out, true); });
}

template <bool Tanh, class T>
detail::Tn<T> gelu(const detail::Tn<T>& input) {
  if constexpr (Tanh) return detail::unary<kernels::GeluTanh>(input);
  else return detail::unary<kernels::GeluErf>(input);
}
template <class T> detail::Tn<T> silu(const detail::Tn<T>& input) { return detail::unary<kernels::Silu>(input); }
template <class T> detail::Tn<T> relu(const detail::Tn<T>& input) { return detail::unary<kernels::Relu>(input); }
template <class T> detail::Tn<T> sigmoid(const detail::Tn<T>& input) { return detail::unary<kernels::Sigmoid>(input); }
template <class T> detail::Tn<T> tanh(const detail::Tn<T>& input) { return detail::unary<kernels::Tanh>(input); }
template <class T>
detail::Tn<T> leaky_relu(const detail::Tn<T>& input, double negative_slope) {
  using A = detail::compute_t<T>;
  const A slope = static_cast<A>(negative_slope);
  return detail::map_with<T>(input, [slope](T v) {
    const A x = static_cast<A>(v);
    return static_cast<T>(x > A(0) ? x : x * slope);
  });
}
// hardtanh (clamped to [min_val, max_val], NaN kept), relu6 (hardtanh to [0, 6]), hardswish
// (x * relu6(x + 3) / 6) and hardsigmoid (relu6(x + 3) / 6), in torch's order of operations.
template <class T>
detail::Tn<T> hardtanh(const detail::Tn<T>& input, double min_val, double max_val) {
  using A = detail::compute_t<T>;
  const A lo = static_cast<A>(min_val), hi = static_cast<A>(max_val);
  return detail::map_with<T>(input, [lo, hi](T v) {
    const A x = static_cast<A>(v);
    return static_cast<T>(x < lo ? lo : (x > hi ? hi : x));
  });
}
template <class T> detail::Tn<T> relu6(const detail::Tn<T>& input) { return hardtanh(input, 0.0, 6.0); }
template <class T>
detail::Tn<T> hardswish(const detail::Tn<T>& input) {
  using A = detail::compute_t<T>;
  return detail::map_with<T>(input, [](T v) {
    const A x = static_cast<A>(v);
    return static_cast<T>(x * std::min(std::max(x + A(3), A(0)), A(6)) / A(6));
  });
}
template <class T>
detail::Tn<T> hardsigmoid(const detail::Tn<T>& input) {
  using A = detail::compute_t<T>;
  return detail::map_with<T>(input, [](T v) {
    const A x = static_cast<A>(v);
    return static_cast<T>(std::min(std::max(x + A(3), A(0)), A(6)) / A(6));
  });
}
template <class T> detail::Tn<T> hardtanh_inplace(const detail::Tn<T>& input, double lo, double hi) { detail::copy_into(input, hardtanh(input, lo, hi)); return input; }
template <class T> detail::Tn<T> relu6_inplace(const detail::Tn<T>& input) { detail::copy_into(input, relu6(input)); return input; }
template <class T> detail::Tn<T> hardswish_inplace(const detail::Tn<T>& input) { detail::copy_into(input, hardswish(input)); return input; }
template <class T> detail::Tn<T> hardsigmoid_inplace(const detail::Tn<T>& input) { detail::copy_into(input, hardsigmoid(input)); return input; }
// The inplace=True forms (nn.ReLU(inplace=True)): the values written back into input's storage
// (through a view, as torch), and input returned.
template <class T> detail::Tn<T> relu_inplace(const detail::Tn<T>& input) { detail::copy_into(input, relu(input)); return input; }
template <class T> detail::Tn<T> silu_inplace(const detail::Tn<T>& input) { detail::copy_into(input, silu(input)); return input; }
template <class T>
detail::Tn<T> leaky_relu_inplace(const detail::Tn<T>& input, double negative_slope) {
  detail::copy_into(input, leaky_relu(input, negative_slope));
  return input;
}
// Dropout outside training is the identity (the compiler rejects training=True).
template <class T> detail::Tn<T> dropout(const detail::Tn<T>& input) { return input; }

// layer_norm over the trailing `count` dims (normalized_shape), biased variance.
template <class T, class W, class B, class S>
detail::Tn<T> layer_norm(const detail::Tn<T>& input, const S& normalized_shape, const W& weight, const B& bias, double eps) {
  using A = detail::compute_t<T>;
  const Shape norm = detail::shape_of(normalized_shape);
  const int64_t k = static_cast<int64_t>(norm.size());
  if (k > input.ndim() || !std::equal(norm.begin(), norm.end(), input.shape().end() - k))
    throw RuntimeError("Given normalized_shape=" + shape_str(norm) + ", expected input with shape [*, " +
                       shape_str(norm) + "], but got input of size" + shape_str(input.shape()));
  const int64_t n = shape_size(norm);
  const std::vector<double> w = detail::values_or(weight, n, 1.0), b = detail::values_or(bias, n, 0.0);
  const detail::Tn<A> x = cast<A>(input);
  detail::Tn<T> out(input.shape());
  for (int64_t r = 0; n && r < x.size() / n; ++r) {
    const A* row = x.data() + r * n;
    A mean, rstd;
    kernels::moments(row, n, eps, mean, rstd);
    T* dst = out.data() + r * n;
    for (int64_t i = 0; i < n; ++i)
      dst[i] = static_cast<T>((row[i] - mean) * rstd * static_cast<A>(w[i]) + static_cast<A>(b[i]));
  }
  return out;
}

template <class T, class W, class B>
detail::Tn<T> group_norm(const detail::Tn<T>& input, int64_t num_groups, const W& weight, const B& bias, double eps) {
  using A = detail::compute_t<T>;
  const int64_t N = input.shape()[0], C = input.ndim() > 1 ? input.shape()[1] : 1;
  if (num_groups <= 0 || C % num_groups)
    throw RuntimeError("Expected number of channels in input to be divisible by num_groups, but got input of shape " +
                       shape_str(input.shape()) + " and num_groups=" + std::to_string(num_groups));
  const std::vector<double> w = detail::values_or(weight, C, 1.0), b = detail::values_or(bias, C, 0.0);
  const detail::Tn<A> x = cast<A>(input);
  const int64_t inner = N * C ? x.size() / (N * C) : 0, per_group = C / num_groups * inner;
  std::vector<A> scale(static_cast<size_t>(N * C)), shift(static_cast<size_t>(N * C));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t g = 0; g < num_groups; ++g) {
      A mean = 0, rstd = 1;
      if (per_group) kernels::moments(x.data() + (n * num_groups + g) * per_group, per_group, eps, mean, rstd);
      for (int64_t c = g * (C / num_groups); c < (g + 1) * (C / num_groups); ++c) {
        scale[n * C + c] = rstd * static_cast<A>(w[c]);
        shift[n * C + c] = static_cast<A>(b[c]) - mean * rstd * static_cast<A>(w[c]);
      }
    }
  return detail::channel_affine<T, A>(input, scale, shift, 1);
}

// batch_norm in evaluation mode: the running statistics normalise each channel (dim 1).
template <class T, class M, class V, class W, class B>
detail::Tn<T> batch_norm(const detail::Tn<T>& input, const M& running_mean, const V& running_var, const W& weight, const B& bias, double eps) {
  using A = detail::compute_t<T>;
  const int64_t C = input.ndim() > 1 ? input.shape()[1] : 1;
  const std::vector<double> mean = detail::values_or(running_mean, C, 0.0), var = detail::values_or(running_var, C, 1.0);
  const std::vector<double> w = detail::values_or(weight, C, 1.0), b = detail::values_or(bias, C, 0.0);
  std::vector<A> scale(static_cast<size_t>(C)), shift(static_cast<size_t>(C));
  for (int64_t c = 0; c < C; ++c) {
    const A inv = static_cast<A>(1.0 / std::sqrt(static_cast<A>(var[c]) + static_cast<A>(eps)));
    scale[c] = inv * static_cast<A>(w[c]);
    shift[c] = static_cast<A>(b[c]) - static_cast<A>(mean[c]) * scale[c];
  }
  return detail::channel_affine<T, A>(input, scale, shift, 0);
}

// x / max(||x||_p, eps) along dim.
template <class T>
detail::Tn<T> normalize(const detail::Tn<T>& input, double p, int64_t dim, double eps) {
  detail::Tn<T> n = ::muna::torch::norm(input, p, dim, true);
  for (int64_t i = 0; i < n.size(); ++i)
    n.data()[i] = static_cast<T>(std::max(static_cast<double>(n.data()[i]), eps));
  return ::muna::torch::div(input, n);
}
// cosine_similarity as torch 1.13 computes it: sum(x1 * x2) / sqrt(clamp_min(|x1|^2 |x2|^2, eps^2)).
template <class T>
detail::Tn<T> cosine_similarity(const detail::Tn<T>& x1, const detail::Tn<T>& x2, int64_t dim, double eps) {
  using A = detail::compute_t<T>;
  const int64_t rank = std::max(x1.ndim(), x2.ndim());
  const detail::Tn<A> a = cast<A>(x1), b = cast<A>(x2);
  const detail::Tn<A> dot = ::muna::torch::sum<A>(::muna::torch::mul(a, b), dim, false);
  const detail::Tn<A> na = ::muna::torch::sum<A>(::muna::torch::mul(a, a), dim - (dim >= 0 ? 0 : rank - x1.ndim()), false);
  const detail::Tn<A> nb = ::muna::torch::sum<A>(::muna::torch::mul(b, b), dim - (dim >= 0 ? 0 : rank - x2.ndim()), false);
  const detail::Tn<A> denom_sq = ::muna::torch::mul(na, nb);
  detail::Tn<A> denom = detail::map_with<A>(denom_sq, [eps](A v) { return std::sqrt(std::max(v, static_cast<A>(eps * eps))); });
  return cast<T>(::muna::torch::div(dot, denom));
}

// pad = (last_lo, last_hi, second_last_lo, ...). mode 0 'constant', 1 'reflect' (mirror without
// repeating the edge), 2 'replicate' (repeat the edge); negative amounts crop, in every mode
// (torch's index mapping, which the reflect check keeps inside the input).
template <class T, class P>
detail::Tn<T> pad(const detail::Tn<T>& input, const P& pads, int64_t mode, double value) {
  const Shape p = detail::shape_of(pads);
  if (p.size() % 2 || static_cast<int64_t>(p.size() / 2) > input.ndim())
    throw RuntimeError("Padding length must be divisible by 2 and at most twice the input's dimensions");
  Shape shape = input.shape();
  Shape lo(input.ndim(), 0);
  for (size_t i = 0; i < p.size() / 2; ++i) {
    const int64_t d = input.ndim() - 1 - static_cast<int64_t>(i);
    lo[d] = p[2 * i];
    shape[d] += p[2 * i] + p[2 * i + 1];
    if (shape[d] < 0) throw RuntimeError("The input size " + std::to_string(input.shape()[d]) + ", plus negative padding resulted in a negative output size");
    if (mode == 1 && (p[2 * i] >= input.shape()[d] || p[2 * i + 1] >= input.shape()[d]))
      throw RuntimeError("Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (" +
                         std::to_string(p[2 * i]) + ", " + std::to_string(p[2 * i + 1]) + ") at dimension " + std::to_string(d) +
                         " of input " + shape_str(input.shape()));
    if (mode == 2 && input.shape()[d] == 0) throw RuntimeError("replicate padding of an empty dimension");
    if (mode != 0 && shape[d] < 1)
      throw RuntimeError("input (size " + std::to_string(input.shape()[d]) + ") is too small. Calculated output size: " +
                         std::to_string(shape[d]));
  }
  if (mode == 0) {
    detail::Tn<T> out = detail::Tn<T>::full(shape, static_cast<T>(value));
    // The overlap of input and output, as two views.
    Shape sub(input.ndim());
    int64_t in_off = 0, out_off = 0;
    for (int64_t d = 0; d < input.ndim(); ++d) {
      const int64_t start_out = std::max<int64_t>(lo[d], 0), start_in = std::max<int64_t>(-lo[d], 0);
      sub[d] = std::max<int64_t>(std::min(input.shape()[d] - start_in, shape[d] - start_out), 0);
      in_off += start_in * input.strides()[d];
      out_off += start_out * out.strides()[d];
    }
    if (shape_size(sub)) detail::copy_into(out.with_layout(sub, out.strides(), out_off), input.with_layout(sub, input.strides(), in_off));
    return out;
  }
  // Reflect / replicate: every output element reads the input at a mapped coordinate.
  detail::Tn<T> out(shape);
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t k = 0; k < out.size(); ++k) {
    int64_t off = 0;
    for (int64_t d = 0; d < input.ndim(); ++d) {
      const int64_t n = input.shape()[d];
      int64_t i = index[d] - lo[d];
      if (mode == 1) i = i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i);
      else i = std::min(std::max<int64_t>(i, 0), n - 1);
      off += i * input.strides()[d];
    }
    out.data()[k] = input.data()[off];
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

// Rows of weight gathered into a tensor of Out (a bf16 table widens exactly to float32).
template <class Out, class T, class P>
detail::Tn<Out> embedding_as(const detail::Tn<int64_t>& input, const detail::Tn<T>& weight, const P& padding_idx) {
  (void)padding_idx;  // only changes gradients
  const detail::Tn<int64_t> flat = contiguous(input);
  const int64_t rows = weight.shape()[0], dim = weight.shape()[1];
  Shape shape = input.shape();
  shape.push_back(dim);
  detail::Tn<Out> out(shape);
  for (int64_t i = 0; i < flat.size(); ++i) {
    const int64_t r = flat.data()[i];
    if (r < 0 || r >= rows) throw IndexError("index out of range in self");
    detail::copy_into(out.with_layout({dim}, {1}, i * dim), weight.with_layout({dim}, {weight.strides()[1]}, r * weight.strides()[0]));
  }
  return out;
}

template <class T, class P>
detail::Tn<T> embedding(const detail::Tn<int64_t>& input, const detail::Tn<T>& weight, const P& padding_idx) {
  return embedding_as<T>(input, weight, padding_idx);
}

// F.embedding_bag (nn.EmbeddingBag): rows of weight reduced per bag by sum (mode 0), mean (1) or
// max (2), as ATen's CPU path: rows accumulate in index order, the mean is the sum times
// 1 / count, entries equal to padding_idx are skipped (and not counted), an empty bag is zeros.
// 2-D input is B bags of N; 1-D input is split at offsets (B, or B + 1 with include_last_offset).
template <class T, class O, class S, class P>
detail::Tn<T> embedding_bag(const detail::Tn<int64_t>& input, const detail::Tn<T>& weight, const O& offsets,
                            int64_t mode, const S& per_sample_weights, bool include_last_offset, const P& padding_idx) {
  const detail::Tn<int64_t> idx = contiguous(input);
  const int64_t rows = weight.shape()[0], dim = weight.shape()[1], n = idx.size();
  std::vector<int64_t> starts;
  if (input.ndim() == 2) {
    const int64_t len = input.shape()[1];
    for (int64_t b = 0; b < input.shape()[0]; ++b) starts.push_back(b * len);
    if (include_last_offset) starts.push_back(n);
  } else if constexpr (!std::is_same_v<O, NoneType>) {
    const detail::Tn<int64_t> off = contiguous(offsets);
    starts.assign(off.data(), off.data() + off.size());
  }
  if (!starts.empty() && starts[0] != 0)
    throw RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
                       "position 0. However, got " + std::to_string(starts[0]) +
                       "\n[ torch.LongTensor{} ]");  // torch's message prints offsets[0] as a tensor
  if (!starts.empty() && starts.back() > n)
    throw RuntimeError("offsets[-1] can not be greater than input's length " + std::to_string(n) +
                       " but got offsets[-1] of " + std::to_string(starts.back()));
  const int64_t bags = include_last_offset ? std::max<int64_t>(int64_t(starts.size()) - 1, 0) : int64_t(starts.size());
  int64_t pad = -1;
  if constexpr (!std::is_same_v<P, NoneType>) {
    pad = static_cast<int64_t>(padding_idx);
    if (pad < -rows || pad >= rows) throw RuntimeError("padding_idx must be within the number of embeddings");
    if (pad < 0) pad += rows;
  }
  const T* psw = nullptr;
  detail::Tn<T> weights_c;
  if constexpr (!std::is_same_v<S, NoneType>) {
    weights_c = contiguous(per_sample_weights);
    if (per_sample_weights.shape() != input.shape())
      throw ValueError("embedding_bag: If per_sample_weights (" + shape_str(per_sample_weights.shape()) +
                       ") is not None, then it must have the same shape as the input (" + shape_str(input.shape()) + ")");
    psw = weights_c.data();
  }
  const detail::Tn<T> w = contiguous(weight);
  detail::Tn<T> out(Shape{bags, dim});
  std::vector<T> acc(static_cast<size_t>(dim));
  for (int64_t b = 0; b < bags; ++b) {
    const int64_t begin = starts[b], end = b + 1 < int64_t(starts.size()) ? starts[b + 1] : n;
    if (end < begin) throw RuntimeError("offsets must be non-decreasing");
    std::fill(acc.begin(), acc.end(), T(0));
    int64_t count = 0;
    for (int64_t i = begin; i < end; ++i) {
      const int64_t r = idx.data()[i];
      if (r < 0 || r >= rows) throw IndexError("index out of range in self");
      if (r == pad) continue;
      const T* row = w.data() + r * dim;
      if (mode == 2) {
        for (int64_t j = 0; j < dim; ++j)
          if (count == 0 || row[j] > acc[j] || row[j] != row[j]) acc[j] = row[j];
      } else if (psw) {
        const T s = psw[i];
        for (int64_t j = 0; j < dim; ++j) acc[j] += s * row[j];
      } else {
        for (int64_t j = 0; j < dim; ++j) acc[j] += row[j];
      }
      ++count;
    }
    if (mode == 1 && count > 0) {
      const T scale = T(1) / static_cast<T>(count);
      for (int64_t j = 0; j < dim; ++j) acc[j] *= scale;
    }
    std::copy(acc.begin(), acc.end(), out.data() + b * dim);
  }
  return out;
}

// Pooling windows over the last two dims of (N, C, H, W) or (C, H, W).
template <class T, class Fn>
detail::Tn<T> pool2d(const detail::Tn<T>& input, int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                     int64_t dh, int64_t dw, bool ceil_mode, Fn&& window) {
  if (input.ndim() != 3 && input.ndim() != 4) throw RuntimeError("pool2d: expected 3-D or 4-D input");
  if (ph * 2 > kh || pw * 2 > kw) throw RuntimeError("pad should be at most half of effective kernel size");
  const detail::Tn<T> x = contiguous(input);
  const int64_t H = x.shape()[x.ndim() - 2], W = x.shape()[x.ndim() - 1], planes = H * W ? x.size() / (H * W) : 0;
  auto out_size = [&](int64_t size, int64_t k, int64_t s, int64_t p, int64_t d) {
    const int64_t span = size + 2 * p - d * (k - 1) - 1;
    int64_t o = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
    if (ceil_mode && (o - 1) * s >= size + p) --o;  // the last window must start inside the input
    return o;
  };
  const int64_t OH = out_size(H, kh, sh, ph, dh), OW = out_size(W, kw, sw, pw, dw);
  detail::Tn<T> out = detail::resized_planes(x, OH, OW);
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t oy = 0; oy < OH; ++oy)
      for (int64_t ox = 0; ox < OW; ++ox)
        out.data()[(p * OH + oy) * OW + ox] = window(x.data() + p * H * W, H, W, oy * sh - ph, ox * sw - pw);
  return out;
}
template <class T>
detail::Tn<T> max_pool2d(const detail::Tn<T>& input, int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                         int64_t dh, int64_t dw, bool ceil_mode) {
  return pool2d(input, kh, kw, sh, sw, ph, pw, dh, dw, ceil_mode, [&](const T* plane, int64_t H, int64_t W, int64_t y0, int64_t x0) {
    T best = -std::numeric_limits<T>::infinity();
    if constexpr (!::muna::is_floating_v<T>) best = std::numeric_limits<T>::lowest();
    for (int64_t i = 0; i < kh; ++i)
      for (int64_t j = 0; j < kw; ++j) {
        const int64_t y = y0 + i * dh, x = x0 + j * dw;
        if (y < 0 || y >= H || x < 0 || x >= W) continue;
        const T v = plane[y * W + x];
        if (detail::greater(v, best) || detail::is_nan(v)) best = v;
      }
    return best;
  });
}
template <class T, class D>
detail::Tn<T> avg_pool2d(const detail::Tn<T>& input, int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                         bool ceil_mode, bool count_include_pad, const D& divisor_override) {
  using A = detail::compute_t<T>;
  return pool2d(input, kh, kw, sh, sw, ph, pw, 1, 1, ceil_mode, [&](const T* plane, int64_t H, int64_t W, int64_t y0, int64_t x0) {
    A sum = 0;
    // torch: the padded window is clipped to input + padding, then to the input for the count.
    const int64_t y1 = std::min(y0 + kh, H + ph), x1 = std::min(x0 + kw, W + pw);
    const int64_t pool = (y1 - y0) * (x1 - x0);
    const int64_t ya = std::max<int64_t>(y0, 0), xa = std::max<int64_t>(x0, 0), yb = std::min(y1, H), xb = std::min(x1, W);
    for (int64_t y = ya; y < yb; ++y)
      for (int64_t x = xa; x < xb; ++x) sum += static_cast<A>(plane[y * W + x]);
    int64_t divisor = count_include_pad ? pool : (yb - ya) * (xb - xa);
    if constexpr (!std::is_same_v<D, NoneType>) divisor = divisor_override;
    return static_cast<T>(sum / static_cast<A>(divisor));
  });
}
template <class T>
detail::Tn<T> adaptive_avg_pool2d(const detail::Tn<T>& input, int64_t oh, int64_t ow) {
  using A = detail::compute_t<T>;
  const detail::Tn<T> x = contiguous(input);
  const int64_t H = x.shape()[x.ndim() - 2], W = x.shape()[x.ndim() - 1], planes = H * W ? x.size() / (H * W) : 0;
  detail::Tn<T> out = detail::resized_planes(x, oh, ow);
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        const int64_t y0 = i * H / oh, y1 = ((i + 1) * H + oh - 1) / oh;
        const int64_t x0 = j * W / ow, x1 = ((j + 1) * W + ow - 1) / ow;
        A sum = 0;
        for (int64_t y = y0; y < y1; ++y)
          for (int64_t c = x0; c < x1; ++c) sum += static_cast<A>(x.data()[(p * H + y) * W + c]);
        out.data()[(p * oh + i) * ow + j] = static_cast<T>(sum / static_cast<A>((y1 - y0) * (x1 - x0)));
      }
  return out;
}

// interpolate over the last two dims. size (oh, ow) or scale factors (<= 0 when absent); torch
// uses 1/scale (not in/out) for the source coordinate when a scale factor is given.
template <class T>
detail::Tn<T> interpolate(const detail::Tn<T>& input, int64_t oh, int64_t ow, double scale_h, double scale_w, bool bilinear, bool align_corners) {
  using A = detail::compute_t<T>;
  const detail::Tn<T> x = contiguous(input);
  const int64_t H = x.shape()[x.ndim() - 2], W = x.shape()[x.ndim() - 1], planes = H * W ? x.size() / (H * W) : 0;
  if (oh < 0) oh = static_cast<int64_t>(std::floor(H * scale_h));
  if (ow < 0) ow = static_cast<int64_t>(std::floor(W * scale_w));
  detail::Tn<T> out = detail::resized_planes(x, oh, ow);
  auto ratio = [&](int64_t in, int64_t o, double scale) -> A {
    if (align_corners && bilinear) return o > 1 ? static_cast<A>(in - 1) / static_cast<A>(o - 1) : A(0);
    return scale > 0 ? static_cast<A>(1.0 / scale) : static_cast<A>(in) / static_cast<A>(o);
  };
  const A rh = ratio(H, oh, scale_h), rw = ratio(W, ow, scale_w);
  for (int64_t p = 0; p < planes; ++p) {
    const T* plane = x.data() + p * H * W;
    T* dst = out.data() + p * oh * ow;
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        if (!bilinear) {
          const int64_t y = std::min(static_cast<int64_t>(std::floor(i * rh)), H - 1);
          const int64_t xx = std::min(static_cast<int64_t>(std::floor(j * rw)), W - 1);
          dst[i * ow + j] = plane[y * W + xx];
          continue;
        }
        auto source = [&](int64_t o, A r) {
          if (align_corners) return o * r;
          const A s = (o + A(0.5)) * r - A(0.5);
          return s < 0 ? A(0) : s;
        };
        const A sy = source(i, rh), sx = source(j, rw);
        const int64_t y0 = static_cast<int64_t>(sy), x0 = static_cast<int64_t>(sx);
        const int64_t y1 = y0 + (y0 < H - 1), x1 = x0 + (x0 < W - 1);
        const A ly = sy - y0, lx = sx - x0;
        const A v = (A(1) - ly) * ((A(1) - lx) * static_cast<A>(plane[y0 * W + x0]) + lx * static_cast<A>(plane[y0 * W + x1])) +
                    ly * ((A(1) - lx) * static_cast<A>(plane[y1 * W + x0]) + lx * static_cast<A>(plane[y1 * W + x1]));
        dst[i * ow + j] = static_cast<T>(v);
      }
  }
  return out;
}

}  // namespace muna::torch::nn::functional
