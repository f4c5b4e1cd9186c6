// conv1d/conv2d: im2col per image and group, then detail::matmul_kernel (the one GEMM entry
// point). Its own family so that code without convolutions or matrix products never parses the
// GEMM's headers (Eigen, oneDNN).
#pragma once
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

}  // namespace muna::torch::nn::functional
