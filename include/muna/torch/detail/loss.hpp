// nll_loss and cross_entropy as torch 1.13 computes them (LossNLL.cpp): input (C,), (N, C) or
// (N, C, d1, ...), class-index targets (ignore_index, weight, label_smoothing) or class
// probabilities; reduction 0 'none', 1 'mean', 2 'sum'. Sums run in double and round once (torch
// sums in float in a cascade: results agree within float32 rounding).
#pragma once
#include <string>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/python/format/float_to_string.hpp>
#include <muna/torch/detail/common.hpp>
#include <muna/torch/detail/nn.hpp>

namespace muna::torch::detail {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

template <class T>
const char* scalar_type_name() {
  if constexpr (std::is_same_v<T, double>) return "Double";
  else if constexpr (std::is_same_v<T, bfloat16>) return "BFloat16";
  else return "Float";
}

// input read as (batch, classes, positions) in C order, whatever its rank (1-D: one row).
template <class T>
struct ClassLayout {
  Tn<T> x;
  int64_t batch = 1, classes = 1, positions = 1, class_dim = 0;
  explicit ClassLayout(const Tn<T>& input) : x(::muna::contiguous(input)) {
    if (input.ndim() == 0) wrap_dim(1, 0);  // log_softmax over dim 1 of a 0-d tensor: torch's IndexError
    class_dim = input.ndim() == 1 ? 0 : 1;
    classes = input.shape()[class_dim];
    if (input.ndim() > 1) batch = input.shape()[0];
    for (int64_t k = 2; k < input.ndim(); ++k) positions *= input.shape()[k];
  }
  double at(int64_t n, int64_t c, int64_t s) const { return static_cast<double>(x.data()[(n * classes + c) * positions + s]); }
  int64_t rows() const { return batch * positions; }
  Shape reduced_shape() const {  // input's shape without the class dim
    Shape out = x.shape();
    out.erase(out.begin() + class_dim);
    return out;
  }
};

template <class W>
std::vector<double> class_weights(const W& weight, int64_t classes, const char* prefix) {
  std::vector<double> out(static_cast<size_t>(classes), 1.0);
  if constexpr (!std::is_same_v<W, NoneType>) {
    if (weight.ndim() != 1 || weight.size() != classes)
      throw RuntimeError(std::string(prefix) + "weight tensor should be defined either for all " + std::to_string(classes) +
                         " classes or no classes but got weight tensor of shape: " + sizes_str(weight.shape()));
    for (int64_t c = 0; c < classes; ++c) out[c] = static_cast<double>(weight.data()[c * weight.strides()[0]]);
  }
  return out;
}

// torch's checks of a class-index target against the input (nll_loss_nd, nll_loss, nll_loss2d).
template <class T>
void check_target(const Tn<T>& input, const Tn<int64_t>& target) {
  if (input.ndim() < 1) throw ValueError("Expected 1 or more dimensions (got 0)");
  if (input.ndim() != 1 && input.shape()[0] != (target.ndim() ? target.shape()[0] : 1))
    throw ValueError("Expected input batch_size (" + std::to_string(input.shape()[0]) + ") to match target batch_size (" +
                     std::to_string(target.ndim() ? target.shape()[0] : 1) + ").");
  if (input.ndim() <= 2 && target.ndim() > 1) throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
  Shape expected = input.shape();
  expected.erase(expected.begin() + (input.ndim() == 1 ? 0 : 1));
  if (target.shape() != expected)
    throw RuntimeError("Expected target size " + sizes_str(expected) + ", got " + sizes_str(target.shape()));
}

// One value per (batch, position) row, reduced as torch reduces it: mean divides by `divisor`.
template <class T>
Tn<T> reduce_rows(const std::vector<double>& values, const Shape& shape, int64_t reduction, double divisor) {
  if (reduction == kNone) {
    Tn<T> out(shape);
    for (size_t i = 0; i < values.size(); ++i) out.data()[i] = static_cast<T>(values[i]);
    return out;
  }
  double total = 0.0;
  for (double v : values) total += v;
  return scalar_tensor(static_cast<T>(reduction == kMean ? total / divisor : total));
}

template <class T, class W>
Tn<T> nll_of_log_probs(const ClassLayout<T>& in, const Tn<int64_t>& target, const W& weight, int64_t reduction,
                       int64_t ignore_index) {
  const std::vector<double> w = class_weights(weight, in.classes, "");
  const Tn<int64_t> t = ::muna::contiguous(target);
  std::vector<double> losses(static_cast<size_t>(in.rows()), 0.0);
  double weight_sum = 0.0;
  for (int64_t r = 0; r < in.rows(); ++r) {
    const int64_t c = t.data()[r];
    if (c == ignore_index) continue;
    if (c < 0 || c >= in.classes) throw IndexError("Target " + std::to_string(c) + " is out of bounds.");
    losses[r] = -in.at(r / in.positions, c, r % in.positions) * w[c];
    weight_sum += w[c];
  }
  return reduce_rows<T>(losses, target.shape(), reduction, weight_sum);
}

}  // namespace muna::torch::detail

namespace muna::torch::nn::functional {

template <class T, class W>
detail::Tn<T> nll_loss(const detail::Tn<T>& input, const detail::Tn<int64_t>& target, const W& weight, int64_t reduction,
                       int64_t ignore_index) {
  detail::check_target(input, target);
  return detail::nll_of_log_probs(detail::ClassLayout<T>(input), target, weight, reduction, ignore_index);
}

// Class-index targets: nll_loss of log_softmax, blended with the mean of every class's
// log-probability (weighted) when label_smoothing > 0.
template <class T, class W>
detail::Tn<T> cross_entropy(const detail::Tn<T>& input, const detail::Tn<int64_t>& target, const W& weight,
                            int64_t reduction, int64_t ignore_index, double label_smoothing) {
  if (input.shape() == target.shape())
    throw RuntimeError("Expected floating point type for target with class probabilities, got Long");
  if (label_smoothing > 1.0)
    throw RuntimeError("label_smoothing must be between 0.0 and 1.0. Got: " + python::format::float_repr(label_smoothing));
  const detail::ClassLayout<T> in(input);
  detail::check_target(input, target);
  const detail::ClassLayout<T> logp(log_softmax(input, in.class_dim));
  detail::Tn<T> nll = detail::nll_of_log_probs(logp, target, weight, reduction, ignore_index);
  if (!(label_smoothing > 0.0)) return nll;
  const std::vector<double> w = detail::class_weights(weight, in.classes, "");
  const detail::Tn<int64_t> t = ::muna::contiguous(target);
  std::vector<double> smooth(static_cast<size_t>(in.rows()), 0.0);
  double divisor = 0.0;
  for (int64_t r = 0; r < in.rows(); ++r) {
    if (t.data()[r] == ignore_index) continue;
    for (int64_t c = 0; c < in.classes; ++c) smooth[r] -= logp.at(r / in.positions, c, r % in.positions) * w[c];
    divisor += w[t.data()[r]];  // counts the rows kept when there is no weight
  }
  const detail::Tn<T> ret = detail::reduce_rows<T>(smooth, target.shape(), reduction, divisor);
  const double keep = 1.0 - label_smoothing, spread = label_smoothing / static_cast<double>(in.classes);
  for (int64_t i = 0; i < nll.size(); ++i)
    nll.data()[i] = static_cast<T>(keep * static_cast<double>(nll.data()[i]) + static_cast<double>(ret.data()[i]) * spread);
  return nll;
}

// Class-probability targets (target shaped as input).
template <class T, class W>
detail::Tn<T> cross_entropy(const detail::Tn<T>& input, const detail::Tn<T>& target, const W& weight, int64_t reduction,
                            int64_t ignore_index, double label_smoothing) {
  if (input.shape() != target.shape()) {  // torch takes it for class indices, which must be int64
    if (input.ndim() <= 2 && target.ndim() > 1)
      throw RuntimeError("0D or 1D target tensor expected, multi-target not supported");
    throw RuntimeError(std::string("expected scalar type Long but found ") + detail::scalar_type_name<T>());
  }
  if (ignore_index >= 0) throw RuntimeError("ignore_index is not supported for floating point target");
  const detail::ClassLayout<T> in(input);
  const std::vector<double> w = detail::class_weights(weight, in.classes, "cross_entropy: ");
  if (label_smoothing > 1.0)
    throw RuntimeError("label_smoothing must be between 0.0 and 1.0. Got: " + python::format::float_repr(label_smoothing));
  const double keep = label_smoothing > 0.0 ? 1.0 - label_smoothing : 1.0;
  const double spread = label_smoothing > 0.0 ? label_smoothing / static_cast<double>(in.classes) : 0.0;
  const detail::ClassLayout<T> logp(log_softmax(input, in.class_dim)), p(target);
  std::vector<double> losses(static_cast<size_t>(in.rows()), 0.0);
  for (int64_t r = 0; r < in.rows(); ++r) {
    const int64_t n = r / in.positions, s = r % in.positions;
    for (int64_t c = 0; c < in.classes; ++c) losses[r] -= logp.at(n, c, s) * (p.at(n, c, s) * keep + spread) * w[c];
  }
  const double rows = in.classes ? static_cast<double>(input.size() / in.classes) : 0.0;
  return detail::reduce_rows<T>(losses, in.reduced_shape(), reduction, input.size() ? rows : 0.0);
}

}  // namespace muna::torch::nn::functional
