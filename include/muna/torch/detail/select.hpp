// Selecting and counting by value: masked_select (the mask broadcast with the input, elements
// in C order) and bincount (counts, or sums of weights, per value). nonzero and argwhere are
// NumPy's (<muna/numpy/nonzero.hpp>): torch's results are the same, 0-d inputs included.
#pragma once
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include <muna/core/none.hpp>
#include <muna/torch/detail/common.hpp>

namespace muna::torch {

template <class T>
detail::Tn<T> masked_select(const detail::Tn<T>& input, const detail::Tn<bool>& mask) {
  const Shape shape = detail::torch_broadcast(mask.shape(), input.shape());  // torch's order, for its message
  const Shape si = broadcast_strides(input.shape(), input.strides(), shape);
  const Shape sm = broadcast_strides(mask.shape(), mask.strides(), shape);
  std::vector<T> picked;
  const Shape* strides[2] = {&si, &sm};
  for_each_run(shape, strides, [&](int64_t n, const int64_t* off) {
    const int64_t step_i = shape.empty() ? 0 : si.back(), step_m = shape.empty() ? 0 : sm.back();
    for (int64_t k = 0; k < n; ++k)
      if (mask.data()[off[1] + k * step_m]) picked.push_back(input.data()[off[0] + k * step_i]);
  });
  detail::Tn<T> out(Shape{static_cast<int64_t>(picked.size())});
  std::copy(picked.begin(), picked.end(), out.data());
  return out;
}

// bincount(input, weights, minlength): W is int64_t for counts, else the weights' type (float
// for float32 weights, double for every other dtype, converted by the caller); sums are in
// input order, as torch's CPU loop adds them.
template <class W, class X>
detail::Tn<W> bincount(const detail::Tn<int64_t>& input, const X& weights, int64_t minlength) {
  constexpr bool weighted = !std::is_same_v<X, NoneType>;
  if (minlength < 0) throw RuntimeError("minlength should be >= 0");
  if (input.ndim() == 1 && input.size() == 0) return detail::Tn<W>::full(Shape{minlength}, W(0));
  const detail::Tn<int64_t> values = ::muna::contiguous(input);
  const int64_t n = values.size();
  if (input.ndim() != 1 || *std::min_element(values.data(), values.data() + n) < 0)
    throw RuntimeError("bincount only supports 1-d non-negative integral inputs.");
  if constexpr (weighted) {
    if (weights.ndim() != 1 || weights.shape()[0] != n)
      throw RuntimeError("weights should be 1-d and have the same length as input");
  }
  const int64_t bins = std::max(*std::max_element(values.data(), values.data() + n) + 1, minlength);
  detail::Tn<W> out = detail::Tn<W>::full(Shape{bins}, W(0));
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (weighted) out.data()[values.data()[i]] += weights.data()[i * weights.strides()[0]];
    else ++out.data()[values.data()[i]];
  }
  return out;
}

}  // namespace muna::torch
