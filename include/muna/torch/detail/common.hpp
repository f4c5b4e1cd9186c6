// Pieces every torch op shares: the tensor alias (inside muna::torch::Tensor the name `Tensor`
// is the namespace of the methods, so headers spell the class as detail::Tn), shapes passed as
// tuples, torch's dim normalisation and messages, broadcasting copies, and the bfloat16 rule
// that element-wise math runs in float and rounds once, as torch's CPU kernels do.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <muna/core/dtype.hpp>
#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/core/shape.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::torch::detail {

template <class T>
using Tn = ::muna::Tensor<T>;

// float for bfloat16 (the precision torch computes bf16 element-wise math in), T otherwise.
template <class T>
using compute_t = std::conditional_t<std::is_same_v<T, bfloat16>, float, T>;

template <class... I>
Shape shape_of(const std::tuple<I...>& dims) {
  Shape out;
  std::apply([&](auto... d) { (out.push_back(static_cast<int64_t>(d)), ...); }, dims);
  return out;
}
inline Shape shape_of(int64_t n) { return {n}; }
inline Shape shape_of(const Shape& shape) { return shape; }
template <class I>
Shape shape_of(const python::List<I>& dims) { return Shape(dims.begin(), dims.end()); }

// torch's "Dimension out of range" check; a 0-d tensor accepts dims -1 and 0.
inline int64_t wrap_dim(int64_t dim, int64_t ndim) {
  const int64_t n = ndim == 0 ? 1 : ndim;
  if (dim < -n || dim >= n)
    throw IndexError("Dimension out of range (expected to be in range of [" + std::to_string(-n) +
                     ", " + std::to_string(n - 1) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + n : dim;
}

// Writes src (broadcast to dst's shape) into dst, converting elements: the one copy that
// in-place ops, item assignment and masked writes go through.
template <class T, class S>
void copy_into(const Tn<T>& dst, const Tn<S>& source) {
  dst.require_writable();
  // Leading 1-sized dims of the source do not count (t[0] = ones(1, n) is allowed, as in torch).
  Tn<S> src = source;
  while (src.ndim() > dst.ndim() && src.shape()[0] == 1)
    src = src.with_layout(Shape(src.shape().begin() + 1, src.shape().end()), Shape(src.strides().begin() + 1, src.strides().end()));
  const Shape sb = broadcast_strides(src.shape(), src.strides(), dst.shape());
  if (src.ndim() > dst.ndim() ||
      broadcast_shapes(dst.shape(), src.shape()) != dst.shape())
    throw RuntimeError("output with shape " + shape_str(dst.shape()) +
                       " doesn't match the broadcast shape " +
                       shape_str(broadcast_shapes(dst.shape(), src.shape())));
  // A packed copy of the source first: a write into an overlapping view (x[1:] = x[:-1]) must
  // read the old values.
  Tn<S> packed(dst.shape());
  {
    S* out = packed.data();
    const Shape* from_strides[1] = {&sb};
    for_each_run(dst.shape(), from_strides, [&](int64_t n, const int64_t* off) {
      const S* in = src.data() + off[0];
      const int64_t step = sb.empty() ? 0 : sb.back();
      for (int64_t i = 0; i < n; ++i) *out++ = in[i * step];
    });
  }
  const S* from = packed.data();
  const Shape* strides[1] = {&dst.strides()};
  int64_t k = 0;
  for_each_run(dst.shape(), strides, [&](int64_t n, const int64_t* off) {
    T* to = dst.data() + off[0];
    const int64_t step = dst.ndim() ? dst.strides().back() : 0;
    for (int64_t i = 0; i < n; ++i) to[i * step] = convert_element<T>(from[k++]);
  });
}

// "[1, 2]": sizes as torch's messages print them.
inline std::string sizes_str(const Shape& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

// torch's broadcast of two shapes, with its RuntimeError (NumPy's is a ValueError).
inline Shape torch_broadcast(const Shape& a, const Shape& b) {
  const size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      throw RuntimeError("The size of tensor a (" + std::to_string(da) + ") must match the size of tensor b (" +
                         std::to_string(db) + ") at non-singleton dimension " + std::to_string(i));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// Whether a tensor of shape `from` broadcasts to `to` without changing it (an in-place write).
inline bool broadcasts_to(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  for (size_t i = 0; i < from.size(); ++i) {
    const int64_t f = from[from.size() - 1 - i];
    if (f != 1 && f != to[to.size() - 1 - i]) return false;
  }
  return true;
}

template <class T>
Tn<T> scalar_tensor(T value) { return Tn<T>::full(Shape{}, value); }

template <class T>
const char* c10_type_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, bfloat16>) return "at::BFloat16";
  else return "c10::complex";
}

// A Python number made an element of a T tensor (torch.full, fill_, masked_fill, t[i] = v), with
// torch's check (c10::checked_convert): RuntimeError where the value does not fit T. A float
// fits an integer type when finite and within [lowest, max] before truncation; a negative int
// fits an unsigned type down to -max (it wraps: -1 is 255); inf and NaN fit a float type.
template <class T, class V>
T checked_scalar(V value) {
  if constexpr (std::is_same_v<V, bfloat16>) {
    return checked_scalar<T>(static_cast<float>(value));
  } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<V, bool> || is_complex_v<T> || is_complex_v<V>) {
    return convert_element<T>(value);
  } else {
    using Limit = std::numeric_limits<std::conditional_t<std::is_same_v<T, bfloat16>, float, T>>;
    bool overflows;
    if constexpr (std::is_floating_point_v<V>) {
      if constexpr (std::is_integral_v<T>)
        overflows = !(value >= static_cast<double>(Limit::lowest()) && value <= static_cast<double>(Limit::max()));
      else
        overflows = std::isfinite(value) && (value < Limit::lowest() || value > Limit::max());
    } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> && std::is_signed_v<V>) {
      overflows = value < 0 ? -static_cast<uint64_t>(value) > Limit::max()
                            : static_cast<uint64_t>(value) > Limit::max();
    } else if constexpr (std::is_integral_v<T>) {
      overflows = value < Limit::lowest() || value > Limit::max();
    } else {
      overflows = false;  // every int64 is within a float type's range
    }
    if (overflows)
      throw RuntimeError(std::string("value cannot be converted to type ") + c10_type_name<T>() + " without overflow");
    if constexpr (std::is_integral_v<T> && std::is_integral_v<V>) return static_cast<T>(value);  // wraps as torch
    else return convert_element<T>(value);
  }
}

}  // namespace muna::torch::detail
