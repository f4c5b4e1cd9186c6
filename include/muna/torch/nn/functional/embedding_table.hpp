// F.embedding(ids, W) with a constant table W, which a library compiled with --precision bf16
// stores as bf16: rows are gathered and widened to float32 (exactly), so the result has the
// float32 type the source declares.
#pragma once
#include <muna/core/dtype.hpp>
#include <muna/core/tensor.hpp>
#include <muna/torch/detail/nn.hpp>

namespace muna::torch::nn::functional {

template <class W, class P>
muna::Tensor<float> embedding_table(const muna::Tensor<int64_t>& input, const muna::Tensor<W>& weight,
                                    const P& padding_idx) {
  return embedding_as<float>(input, weight, padding_idx);
}

}  // namespace muna::torch::nn::functional
