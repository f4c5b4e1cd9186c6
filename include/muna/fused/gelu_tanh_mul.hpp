// gelu(gate, approximate='tanh') * up in one pass (see gated.hpp).
#pragma once
#include <muna/fused/gated.hpp>

namespace muna::fused {

inline Tensor<float> gelu_tanh_mul(const Tensor<float>& gate, const Tensor<float>& up) {
  return detail::gated(gate, up, kernels::gelu_tanh_mul,
                       [](const auto& g, const auto& u) { return torch::mul(torch::nn::functional::gelu<true>(g), u); });
}

}  // namespace muna::fused
