// The gated MLP's act(gate) * up as one kernel, substituted by the compiler
// (codegen/muna/ops/torch_fused.py) for gelu(gate, approximate='tanh') * up and silu(gate) * up.
// Operands of different shapes (broadcasting) run the unfused ops.
#pragma once
#include <muna/core/tensor.hpp>
#include <muna/kernels/gated_activation.hpp>
#include <muna/torch/detail/elementwise.hpp>
#include <muna/torch/detail/nn.hpp>

namespace muna::fused::detail {

// Kernel(gate, ld_gate, up, ld_up, out, ld_out, rows, cols) over same-shape operands, else
// unfused(gate, up).
template <class Kernel, class Unfused>
Tensor<float> gated(const Tensor<float>& gate, const Tensor<float>& up, Kernel kernel, Unfused unfused) {
  if (gate.ndim() == 0 || gate.shape() != up.shape()) return unfused(gate, up);
  const Tensor<float> g = contiguous(gate);
  const Tensor<float> u = contiguous(up);
  Tensor<float> out(g.shape());
  const int64_t cols = g.shape().back();
  const int64_t rows = cols ? g.size() / cols : 0;
  kernel(g.data(), cols, u.data(), cols, out.data(), cols, rows, cols);
  return out;
}

}  // namespace muna::fused::detail
