// `x in xs` of a list of arrays (NumPy's, or rows of an array of open rank, which are NumPy
// scalars where the array is 1-d): each item is `x` itself, or `item == x` read as a bool, as
// Python's list.__contains__ reads it.
#pragma once
#include <algorithm>
#include <complex>
#include <cstdint>
#include <type_traits>
#include <variant>

#include <muna/core/array.hpp>
#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna::python {
namespace contains_detail {
// The same view of the same data: Python's `is`, as near as a value type has it.
template <class T>
bool same_view(const Tensor<T>& a, const Tensor<T>& b) {
  return a.data() == b.data() && a.shape() == b.shape() && a.strides() == b.strides();
}
inline bool same_view(const Array& a, const Array& b) {
  return a.dtype() == b.dtype() && std::visit([&](const auto& x) {
    return same_view(x, std::get<std::decay_t<decltype(x)>>(b.variant()));
  }, a.variant());
}

// The one element of a one-element array, as the dtype NumPy compares it in: an integer (or
// bool) exactly, anything else as a complex double (a float beside an integer is float64).
struct Element {
  bool integral;
  int64_t integer;
  std::complex<double> value;
};
template <class T>
Element element_of(const Tensor<T>& x) {
  const T v = x.data()[0];
  if constexpr (std::is_same_v<T, double>) return {false, 0, v};
  else if constexpr (std::is_integral_v<T>) return {true, static_cast<int64_t>(v), static_cast<double>(v)};
  else if constexpr (is_complex_v<T>) return {false, 0, std::complex<double>(v.real(), v.imag())};
  else return {false, 0, static_cast<double>(static_cast<float>(v))};  // (float64 exactly; bfloat16 through float)
}
inline Element element_of(const Array& x) {
  return std::visit([](const auto& t) { return element_of(t); }, x.variant());
}

// bool(a == b): NumPy compares elementwise after broadcasting; a result of one element is that
// element, of none False, of more ValueError; shapes that do not broadcast compare unequal
// (NumPy 1.24). `a`, `b`: Tensors or Arrays.
template <class A, class B>
bool equal_truth(const A& a, const B& b) {
  const Shape& sa = a.shape();
  const Shape& sb = b.shape();
  const size_t ndim = std::max(sa.size(), sb.size());
  int64_t size = 1;
  for (size_t i = 0; i < ndim; ++i) {
    const int64_t da = i < sa.size() ? sa[sa.size() - 1 - i] : 1;
    const int64_t db = i < sb.size() ? sb[sb.size() - 1 - i] : 1;
    if (da != db && da != 1 && db != 1) return false;
    size *= da == 1 ? db : da;
  }
  if (size == 0) return false;
  if (size > 1)
    throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
  const Element x = element_of(a), y = element_of(b);
  return x.integral && y.integral ? x.integer == y.integer : x.value == y.value;
}
}  // namespace contains_detail

template <class T>
bool contains(const List<Tensor<T>>& xs, const Tensor<T>& x) {
  for (const Tensor<T>& item : xs)
    if (contains_detail::same_view(item, x) || contains_detail::equal_truth(item, x)) return true;
  return false;
}

inline bool contains(const List<Array>& xs, const Array& x) {
  for (const Array& item : xs)
    if (contains_detail::same_view(item, x) || contains_detail::equal_truth(item, x)) return true;
  return false;
}
}  // namespace muna::python
