// muna::Array: an n-d array whose dtype is known only at run time, as every NumPy array's is.
// A bare `x: np.ndarray` or `t: torch.Tensor` parameter is one, and so is an op's result on one
// where the result's dtype depends on the operands'. It holds one statically typed Tensor<T>
// (a view: copying an Array copies the view, as Tensor does); compiled code reads it back as
// that Tensor<T> in the branch of a dtype switch (muna::dispatch_key), so every op on it runs
// the same statically typed code as on an annotated array.
#pragma once
#include <complex>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include <muna/core/dtype.hpp>
#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>

namespace muna {

class Array {
 public:
  // The alternatives in muna::DType's order, so that a dtype is its variant index.
  using Variant = std::variant<Tensor<bool>, Tensor<uint8_t>, Tensor<int8_t>, Tensor<int16_t>, Tensor<int32_t>,
                               Tensor<int64_t>, Tensor<float>, Tensor<double>, Tensor<bfloat16>,
                               Tensor<std::complex<float>>, Tensor<std::complex<double>>>;

  // A 0-d float64 array: what `Array x;` holds before its first assignment.
  Array() : value_(Tensor<double>::scalar(0.0)) {}
  template <class T>
  Array(Tensor<T> x) : value_(std::move(x)) {}  // NOLINT: a typed array is an Array, as in NumPy

  DType dtype() const { return static_cast<DType>(value_.index()); }
  const Variant& variant() const { return value_; }

  // The typed view, where the dtype switch has established that it is a T.
  template <class T>
  const Tensor<T>& as() const {
    if (const auto* x = std::get_if<Tensor<T>>(&value_)) return *x;
    throw RuntimeError(std::string("muna internal error: a ") + dtype_name(dtype()) + " array read as " +
                       dtype_name(dtype_v<T>));
  }
  // The one element of a 0-d array that stands for a NumPy scalar (x.sum() of a run-time dtype).
  template <class T>
  T scalar() const {
    return as<T>().data()[0];
  }

  int64_t ndim() const { return std::visit([](const auto& x) { return x.ndim(); }, value_); }
  const Shape& shape() const {
    return std::visit([](const auto& x) -> const Shape& { return x.shape(); }, value_);
  }
  int64_t shape(int64_t axis) const { return std::visit([&](const auto& x) { return x.shape(axis); }, value_); }
  bool is_0d_array() const { return std::visit([](const auto& x) { return x.is_0d_array(); }, value_); }
  Array as_0d_array() const {
    return std::visit([](const auto& x) { return Array(x.as_0d_array()); }, value_);
  }

 private:
  Variant value_;
};

// An operand held for a dispatch (`auto&& slot = held(expr);`): an lvalue by reference, an
// rvalue by value. `std::get<0>(f())` is an rvalue reference into a temporary that dies with
// the statement, which `auto&&` alone would keep dangling.
template <class T>
T held(T&& value) {
  return std::forward<T>(value);
}

// The case label of a combination of run-time dtypes: one 4-bit digit per operand.
constexpr uint64_t dispatch_key() { return 0; }
template <class... Rest>
constexpr uint64_t dispatch_key(DType first, Rest... rest) {
  return (static_cast<uint64_t>(first) << (4 * sizeof...(Rest))) | dispatch_key(rest...);
}

// A branch's statically typed result as the dispatch's result type R: the value itself where
// it already is an R, a 0-d Array for a NumPy scalar, else R's converting constructor (an
// Array from a Tensor<T>, a tuple of Arrays from a tuple of Tensors).
template <class R, class V>
R dispatch_result(V&& value) {
  using T = std::decay_t<V>;
  if constexpr (std::is_same_v<R, T>) {
    return std::forward<V>(value);
  } else if constexpr (std::is_same_v<R, Array> && (std::is_arithmetic_v<T> || std::is_same_v<T, bfloat16> ||
                                                     is_complex_v<T>)) {
    return Array(Tensor<T>::scalar(value));
  } else {
    return R(std::forward<V>(value));
  }
}

// A combination of dtypes no branch was compiled for: the compiler enumerates every dtype an
// operand can have, so reaching this is a muna bug, reported as one rather than as a crash.
[[noreturn]] inline void dispatch_missing(const std::string& where) {
  throw RuntimeError(std::string("muna internal error: no compiled branch for these dtypes at ") + where);
}

}  // namespace muna
