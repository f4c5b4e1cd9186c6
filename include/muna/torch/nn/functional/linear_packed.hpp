// F.linear(x, W, b) with a constant W: W was packed once, at first use, into the GEMM's own
// layout (and precision: fp32, or bf16 with fp32 accumulation), so each call is one GEMM.
#pragma once
#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/kernels/gemm.hpp>

namespace muna::torch::nn::functional {

template <class Bias>
muna::Tensor<float> linear_packed(const muna::Tensor<float>& input, const kernels::PackedWeight& weight, const Bias& bias) {
  if (input.ndim() == 0 || input.shape().back() != weight.K())
    throw RuntimeError("mat1 and mat2 shapes cannot be multiplied (input " + shape_str(input.shape()) +
                       ", weight [" + std::to_string(weight.N()) + ", " + std::to_string(weight.K()) + "])");
  const muna::Tensor<float> x = contiguous(input);
  Shape out_shape = x.shape();
  out_shape.back() = weight.N();
  muna::Tensor<float> out(out_shape);
  const int64_t rows = weight.K() ? x.size() / weight.K() : 0;
  const float* b = nullptr;
  muna::Tensor<float> bias_c;
  if constexpr (!std::is_same_v<Bias, NoneType>) {
    if (bias.size() != weight.N()) throw RuntimeError("linear: bias has the wrong size");
    bias_c = contiguous(bias);
    b = bias_c.data();
  }
  kernels::linear(x.data(), rows, weight.K(), weight, b, out.data(), weight.N());
  return out;
}

// The packed form of a constant weight [N, K] (torch's Linear layout), built once per process.
inline kernels::PackedWeight pack_linear_weight(const muna::Tensor<float>& weight, kernels::Precision precision) {
  const muna::Tensor<float> w = contiguous(weight);
  return kernels::pack_weight(w.data(), w.shape()[1], w.shape()[0], /*w_is_nk=*/true, precision);
}

// The same for a weight the library stores as bf16 (--precision bf16): packed for the bf16 GEMM.
inline kernels::PackedWeight pack_linear_weight(const muna::Tensor<muna::bfloat16>& weight, kernels::Precision) {
  static_assert(sizeof(muna::bfloat16) == sizeof(uint16_t), "bfloat16 is its 16 bits");
  const muna::Tensor<muna::bfloat16> w = contiguous(weight);
  return kernels::pack_weight_bf16(reinterpret_cast<const uint16_t*>(w.data()), w.shape()[1], w.shape()[0],
                                   /*w_is_nk=*/true);
}

}  // namespace muna::torch::nn::functional
