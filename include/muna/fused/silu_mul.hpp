// silu(gate) * up in one pass (see gated.hpp).
#pragma once
#include <muna/fused/gated.hpp>

namespace muna::fused {

inline Tensor<float> silu_mul(const Tensor<float>& gate, const Tensor<float>& up) {
  return detail::gated(gate, up, kernels::silu_mul,
                       [](const auto& g, const auto& u) { return torch::mul(torch::nn::functional::silu(g), u); });
}

}  // namespace muna::fused
