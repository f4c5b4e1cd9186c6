// numpy.einsum for one or two operands, implicit or explicit ('->') output, repeated labels
// (diagonals) included: every output element sums the products over the contracted labels.
// The compiler has parsed and checked the subscripts; here they are labels per operand ('...'
// already spelled as digit labels, whose size-1 axes broadcast like any label's).
#pragma once
#include <string>
#include <vector>

#include <muna/core/tensor.hpp>

namespace muna::numpy {
namespace detail {
// Sizes of each label (indexed by its character) from the operands, with NumPy's mismatch error.
template <class T>
void label_sizes(const std::string& labels, const Tensor<T>& x, int which, std::vector<int64_t>& size) {
  if (static_cast<int64_t>(labels.size()) != x.ndim())
    throw ValueError("operand has more dimensions than subscripts given in einstein sum, but no "
                     "'...' ellipsis provided to broadcast the extra dimensions.");
  for (size_t i = 0; i < labels.size(); ++i) {
    const int l = labels[i];
    const int64_t d = x.shape()[i];
    for (size_t j = 0; j < i; ++j)  // a label repeated in one operand takes a diagonal
      if (labels[j] == labels[i] && x.shape()[j] != d)
        throw ValueError(std::string("dimensions in operand ") + std::to_string(which) +
                         " for collapsing index '" + labels[i] + "' don't match (" +
                         std::to_string(x.shape()[j]) + " != " + std::to_string(d) + ")");
    if (size[l] < 0 || size[l] == 1) size[l] = d;
    else if (d != size[l] && d != 1)
      throw ValueError(std::string("operands could not be broadcast together with remapped shapes ") +
                       "(operand " + std::to_string(which) + ")");
  }
}
// Element offset of operand x at the current label values (size-1 axes broadcast).
template <class T>
int64_t offset_of(const std::string& labels, const Tensor<T>& x, const std::vector<int64_t>& at) {
  int64_t off = 0;
  for (size_t i = 0; i < labels.size(); ++i)
    if (x.shape()[i] != 1) off += at[static_cast<unsigned char>(labels[i])] * x.strides()[i];
  return off;
}
}  // namespace detail

template <class T, class... X>
Tensor<T> einsum(const std::string& inputs, const std::string& output, const X&... operands) {
  std::vector<std::string> labels;
  size_t start = 0;
  for (size_t i = 0; i <= inputs.size(); ++i)
    if (i == inputs.size() || inputs[i] == ',') {
      labels.push_back(inputs.substr(start, i - start));
      start = i + 1;
    }
  std::vector<int64_t> size(128, -1);
  int which = 0;
  ((detail::label_sizes(labels[which], operands, which, size), ++which), ...);
  Shape out_shape;
  for (char c : output) out_shape.push_back(size[static_cast<unsigned char>(c)]);
  std::string summed;
  for (const std::string& l : labels)
    for (char c : l)
      if (output.find(c) == std::string::npos && summed.find(c) == std::string::npos) summed += c;
  Tensor<T> out(out_shape);
  std::vector<int64_t> at(128, 0);
  const int64_t n_out = shape_size(out_shape);
  int64_t n_sum = 1;
  for (char c : summed) n_sum *= size[static_cast<unsigned char>(c)];
  for (int64_t o = 0; o < n_out; ++o) {
    int64_t rest = o;
    for (size_t d = output.size(); d-- > 0;) {
      at[static_cast<unsigned char>(output[d])] = rest % out_shape[d];
      rest /= out_shape[d];
    }
    T acc = T(0);
    for (int64_t s = 0; s < n_sum; ++s) {
      int64_t r = s;
      for (size_t d = summed.size(); d-- > 0;) {
        const int64_t len = size[static_cast<unsigned char>(summed[d])];
        at[static_cast<unsigned char>(summed[d])] = r % len;
        r /= len;
      }
      T product = T(1);
      int idx = 0;
      ((product = static_cast<T>(product * operands.data()[detail::offset_of(labels[idx], operands, at)]), ++idx), ...);
      acc = static_cast<T>(acc + product);
    }
    out.data()[o] = acc;
  }
  return out;
}
}  // namespace muna::numpy
