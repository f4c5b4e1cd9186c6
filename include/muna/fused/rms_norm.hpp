// RMSNorm as one kernel, substituted by the compiler (codegen/muna/ops/torch_fused.py) for
//   x * rsqrt(mean(x * x, -1, keepdim=True) + eps) * (weight_offset + weight)
// written out in torch ops. Shapes the kernel does not take (a weight that is not one value per
// column) run the unfused ops, so broadcasting and errors are torch's.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/kernels/rms_norm.hpp>
#include <muna/torch/detail/elementwise.hpp>
#include <muna/torch/detail/reduce.hpp>

namespace muna::fused {

inline Tensor<float> rms_norm(const Tensor<float>& input, const Tensor<float>& weight, float eps, double weight_offset) {
  if (input.ndim() == 0 || weight.ndim() != 1 || weight.shape()[0] != input.shape().back()) {
    const auto normalized = torch::mul(
        input, torch::rsqrt(torch::add(torch::mean(torch::mul(input, input), int64_t{-1}, true), eps)));
    if (weight_offset == 0.0) return torch::mul(normalized, weight);
    return torch::mul(normalized, torch::add(static_cast<float>(weight_offset), weight));
  }
  const Tensor<float> x = contiguous(input);
  const Tensor<float> w = contiguous(weight);
  Tensor<float> out(x.shape());
  const int64_t cols = x.shape().back();
  const int64_t rows = cols ? x.size() / cols : 0;
  kernels::rms_norm(x.data(), cols, w.data(), out.data(), cols, rows, cols, eps, static_cast<float>(weight_offset));
  return out;
}

}  // namespace muna::fused
