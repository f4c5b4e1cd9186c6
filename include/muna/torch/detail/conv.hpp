// conv1d/conv2d: im2col per image and group, then detail::matmul_kernel (the one GEMM entry
// point). Its own family so that code without convolutions or matrix products never parses the
// GEMM's headers (Eigen, oneDNN).
#pragma once
#include <algorithm>
#include <vector>

#include <muna/torch/detail/linalg.hpp>

namespace muna::torch::nn::functional {

// conv2d on (N, C, H, W) or unbatched (C, H, W): im2col per image and group, then the GEMM.
template <class T, class B>
// Paddings per side (top, bottom, left, right); -1 is padding='same': dilation * (k - 1) in
// total, with an even kernel one more on the bottom/right, as torch does.
detail::Tn<T> conv2d(const detail::Tn<T>& input, const detail::Tn<T>& weight, const B& bias, int64_t sh, int64_t sw,
                     int64_t pt, int64_t pb, int64_t pl, int64_t pr, int64_t dh, int64_t dw, int64_t groups) {
  const bool unbatched = input.ndim() == 3;
  const detail::Tn<T> x = contiguous(unbatched ? input.with_layout({1, input.shape()[0], input.shape()[1], input.shape()[2]},
                                                                   {0, input.strides()[0], input.strides()[1], input.strides()[2]})
                                               : input);
  if (x.ndim() != 4 || weight.ndim() != 4) throw RuntimeError("conv2d: expected 3-D or 4-D input and a 4-D weight");
  const int64_t N = x.shape()[0], C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
  const int64_t O = weight.shape()[0], Cg = weight.shape()[1], KH = weight.shape()[2], KW = weight.shape()[3];
  if (Cg * groups != C)
    throw RuntimeError("Given groups=" + std::to_string(groups) + ", weight of size " + shape_str(weight.shape()) +
                       ", expected input" + shape_str(x.shape()) + " to have " + std::to_string(Cg * groups) +
                       " channels, but got " + std::to_string(C) + " channels instead");
  if (pt < 0) pt = dh * (KH - 1) / 2, pb = dh * (KH - 1) - pt;
  if (pl < 0) pl = dw * (KW - 1) / 2, pr = dw * (KW - 1) - pl;
  const int64_t OH = (H + pt + pb - dh * (KH - 1) - 1) / sh + 1, OW = (W + pl + pr - dw * (KW - 1) - 1) / sw + 1;
  if (OH <= 0 || OW <= 0) throw RuntimeError("Calculated output size is too small");
  const int64_t Og = O / groups, K = Cg * KH * KW, P = OH * OW;
  const detail::Tn<T> w = contiguous(weight);
  detail::Tn<T> out(Shape{N, O, OH, OW});
  std::vector<T> cols(static_cast<size_t>(K * P));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t g = 0; g < groups; ++g) {
      for (int64_t c = 0; c < Cg; ++c)
        for (int64_t i = 0; i < KH; ++i)
          for (int64_t j = 0; j < KW; ++j) {
            T* row = cols.data() + ((c * KH + i) * KW + j) * P;
            const T* plane = x.data() + (n * C + g * Cg + c) * H * W;
            for (int64_t oy = 0; oy < OH; ++oy) {
              const int64_t y = oy * sh - pt + i * dh;
              for (int64_t ox = 0; ox < OW; ++ox) {
                const int64_t xx = ox * sw - pl + j * dw;
                row[oy * OW + ox] = (y >= 0 && y < H && xx >= 0 && xx < W) ? plane[y * W + xx] : T(0);
              }
            }
          }
      detail::matmul_kernel<T>(Og, P, K, w.data() + g * Og * K, K, cols.data(), P, out.data() + (n * O + g * Og) * P, P);
    }
  if constexpr (!std::is_same_v<B, NoneType>) {
    const auto b = contiguous(bias);
    using A = detail::compute_t<T>;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t o = 0; o < O; ++o)
        for (int64_t i = 0; i < P; ++i) {
          T& v = out.data()[(n * O + o) * P + i];
          v = static_cast<T>(static_cast<A>(v) + static_cast<A>(b.data()[o]));
        }
  }
  if (unbatched) return out.with_layout({O, OH, OW}, {OH * OW, OW, 1});
  return out;
}
// conv1d is conv2d over a height of 1.
template <class T, class B>
detail::Tn<T> conv1d(const detail::Tn<T>& input, const detail::Tn<T>& weight, const B& bias, int64_t stride, int64_t pad_left,
                     int64_t pad_right, int64_t dilation, int64_t groups) {
  auto add_h = [](const detail::Tn<T>& t) {
    Shape shape = t.shape(), strides = t.strides();
    shape.insert(shape.end() - 1, 1);
    strides.insert(strides.end() - 1, 0);
    return t.with_layout(shape, strides);
  };
  detail::Tn<T> out = conv2d(add_h(input), add_h(weight), bias, 1, stride, 0, 0, pad_left, pad_right, 1, dilation, groups);
  Shape shape = out.shape();
  shape.erase(shape.end() - 2);
  return out.with_layout(shape, contiguous_strides(shape));
}

// conv_transpose2d on (N, C, H, W) or unbatched (C, H, W), weight (C, O / groups, KH, KW):
// each input element scatters its products into the output (accumulated in the compute type:
// float for float32 and bfloat16), then the bias.
template <class T, class B>
detail::Tn<T> conv_transpose2d(const detail::Tn<T>& input, const detail::Tn<T>& weight, const B& bias, int64_t sh,
                               int64_t sw, int64_t ph, int64_t pw, int64_t oph, int64_t opw, int64_t groups, int64_t dh,
                               int64_t dw) {
  const bool unbatched = input.ndim() == 3;
  if ((input.ndim() != 3 && input.ndim() != 4) || weight.ndim() != 4)
    throw RuntimeError("conv_transpose2d: expected 3-D or 4-D input and a 4-D weight");
  const detail::Tn<T> x = contiguous(unbatched ? input.with_layout({1, input.shape()[0], input.shape()[1], input.shape()[2]},
                                                                   {0, input.strides()[0], input.strides()[1], input.strides()[2]})
                                               : input);
  const int64_t N = x.shape()[0], C = x.shape()[1], H = x.shape()[2], W = x.shape()[3];
  const int64_t Cw = weight.shape()[0], Og = weight.shape()[1], KH = weight.shape()[2], KW = weight.shape()[3];
  if (Cw != C || C % groups != 0)
    throw RuntimeError("Given transposed=1, weight of size " + shape_str(weight.shape()) + ", expected input" +
                       shape_str(x.shape()) + " to have " + std::to_string(Cw) + " channels, but got " +
                       std::to_string(C) + " channels instead");
  if (oph >= sh && oph >= dh) throw RuntimeError("output padding must be smaller than either stride or dilation");
  if (opw >= sw && opw >= dw) throw RuntimeError("output padding must be smaller than either stride or dilation");
  const int64_t OH = (H - 1) * sh - 2 * ph + dh * (KH - 1) + oph + 1;
  const int64_t OW = (W - 1) * sw - 2 * pw + dw * (KW - 1) + opw + 1;
  if (OH <= 0 || OW <= 0) throw RuntimeError("Calculated output size is too small");
  const int64_t O = Og * groups, Cg = C / groups;
  using A = detail::compute_t<T>;
  const detail::Tn<T> w = contiguous(weight);
  std::vector<A> acc(static_cast<size_t>(O * OH * OW));
  detail::Tn<T> out(Shape{N, O, OH, OW});
  for (int64_t n = 0; n < N; ++n) {
    std::fill(acc.begin(), acc.end(), A(0));
    for (int64_t c = 0; c < C; ++c) {
      const int64_t g = c / Cg;
      const T* plane = x.data() + (n * C + c) * H * W;
      for (int64_t o = 0; o < Og; ++o) {
        const T* kernel = w.data() + (c * Og + o) * KH * KW;
        A* target = acc.data() + (g * Og + o) * OH * OW;
        for (int64_t y = 0; y < H; ++y)
          for (int64_t xx = 0; xx < W; ++xx) {
            const A v = static_cast<A>(plane[y * W + xx]);
            for (int64_t i = 0; i < KH; ++i) {
              const int64_t oy = y * sh - ph + i * dh;
              if (oy < 0 || oy >= OH) continue;
              for (int64_t j = 0; j < KW; ++j) {
                const int64_t ox = xx * sw - pw + j * dw;
                if (ox >= 0 && ox < OW) target[oy * OW + ox] += v * static_cast<A>(kernel[i * KW + j]);
              }
            }
          }
      }
    }
    for (int64_t o = 0; o < O; ++o) {
      A b = A(0);
      if constexpr (!std::is_same_v<B, NoneType>) b = static_cast<A>(bias.data()[o * bias.strides()[0]]);
      for (int64_t i = 0; i < OH * OW; ++i) out.data()[(n * O + o) * OH * OW + i] = static_cast<T>(acc[o * OH * OW + i] + b);
    }
  }
  if (unbatched) return out.with_layout({O, OH, OW}, {OH * OW, OW, 1});
  return out;
}

// conv_transpose1d is conv_transpose2d over a height of 1.
template <class T, class B>
detail::Tn<T> conv_transpose1d(const detail::Tn<T>& input, const detail::Tn<T>& weight, const B& bias, int64_t stride,
                               int64_t padding, int64_t output_padding, int64_t groups, int64_t dilation) {
  if ((input.ndim() != 2 && input.ndim() != 3) || weight.ndim() != 3)
    throw RuntimeError("conv_transpose1d: expected 2-D or 3-D input and a 3-D weight");
  auto add_h = [](const detail::Tn<T>& t) {  // (..., L) -> (..., 1, L)
    Shape shape(t.shape().begin(), t.shape().end()), strides(t.strides().begin(), t.strides().end());
    shape.insert(shape.end() - 1, 1);
    strides.insert(strides.end() - 1, 0);
    return t.with_layout(std::move(shape), std::move(strides));
  };
  detail::Tn<T> out = conv_transpose2d(add_h(input), add_h(weight), bias, 1, stride, 0, padding, 0, output_padding,
                                       groups, 1, dilation);
  Shape shape(out.shape().begin(), out.shape().end()), strides(out.strides().begin(), out.strides().end());
  shape.erase(shape.end() - 2);
  strides.erase(strides.end() - 2);
  return out.with_layout(std::move(shape), std::move(strides));
}

}  // namespace muna::torch::nn::functional
