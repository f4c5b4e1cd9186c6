// A list of arrays each of its own run-time dtype (a `list[np.ndarray]` parameter) handed to an
// op that takes a sequence of arrays (np.stack, np.concatenate, torch.cat): the compiled code
// switches on the dtype NumPy (or torch) promotes the items to, computed here at run time, and
// runs the statically typed op on the items cast to it, as NumPy itself does.
#pragma once
#include <cstdint>
#include <type_traits>
#include <variant>
#include <vector>

#include <muna/core/array.hpp>
#include <muna/core/dtype.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/list.hpp>

namespace muna {

namespace list_of_arrays_detail {

inline bool is_float_dtype(DType d) { return d == DType::Float32 || d == DType::Float64 || d == DType::BFloat16; }
inline bool is_complex_dtype(DType d) { return d == DType::Complex64 || d == DType::Complex128; }
inline int int_bits(DType d) {
  switch (d) {
    case DType::UInt8: case DType::Int8: return 8;
    case DType::Int16: return 16;
    case DType::Int32: return 32;
    default: return 64;
  }
}

}  // namespace list_of_arrays_detail

// numpy.promote_types(a, b), or torch.promote_types(a, b) when `torch_rules`: they differ where
// an integer meets a float (NumPy widens float32 beside int32/int64 to float64, torch keeps the
// float) and torch alone has bfloat16.
inline DType promote_dtypes(DType a, DType b, bool torch_rules) {
  using namespace list_of_arrays_detail;
  if (a == b || b == DType::Bool) return a;
  if (a == DType::Bool) return b;
  if (is_complex_dtype(a) || is_complex_dtype(b)) {
    DType c = is_complex_dtype(a) ? a : b, other = is_complex_dtype(a) ? b : a;
    if (is_complex_dtype(other)) return DType::Complex128;  // the two complex dtypes
    DType real = promote_dtypes(c == DType::Complex64 ? DType::Float32 : DType::Float64, other, torch_rules);
    return real == DType::Float64 ? DType::Complex128 : DType::Complex64;
  }
  if (is_float_dtype(a) && is_float_dtype(b)) {  // two floats: the wider (bfloat16 with float32 is float32)
    if (a == DType::Float64 || b == DType::Float64) return DType::Float64;
    return DType::Float32;
  }
  if (is_float_dtype(a) || is_float_dtype(b)) {  // an integer and a float
    DType f = is_float_dtype(a) ? a : b, i = is_float_dtype(a) ? b : a;
    if (torch_rules || f == DType::Float64) return f;
    return int_bits(i) <= 16 ? DType::Float32 : DType::Float64;  // NumPy: float32 holds up to int16 exactly
  }
  bool a_unsigned = a == DType::UInt8, b_unsigned = b == DType::UInt8;
  if (a_unsigned == b_unsigned) return int_bits(a) >= int_bits(b) ? a : b;
  DType s = a_unsigned ? b : a;  // uint8 beside a signed integer: one wider than 8 bits holds both
  return int_bits(s) > 8 ? s : DType::Int16;
}

// The dtype the items promote to; float64 (NumPy's default) for an empty list, whose op then
// raises its own error.
inline DType list_dtype(const python::List<Array>& items, bool torch_rules) {
  if (items.size() == 0) return torch_rules ? DType::Float32 : DType::Float64;
  DType out = items.items()[0].dtype();
  for (const Array& x : items) out = promote_dtypes(out, x.dtype(), torch_rules);
  return out;
}

// The items as arrays of dtype T, the list_dtype (each cast where it is not one already).
template <class T>
python::List<Tensor<T>> list_as(const python::List<Array>& items) {
  std::vector<Tensor<T>> out;
  out.reserve(static_cast<size_t>(items.size()));
  for (const Array& x : items) {
    out.push_back(std::visit([](const auto& t) {
      using U = typename std::decay_t<decltype(t)>::value_type;
      if constexpr (std::is_same_v<U, T>) return t;
      else return cast<T>(t);
    }, x.variant()));
  }
  return python::List<Tensor<T>>(std::move(out));
}

}  // namespace muna
