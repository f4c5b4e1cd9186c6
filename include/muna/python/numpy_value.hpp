// A value of run-time type (muna::python::Object) read as NumPy reads an operand: the array it
// holds, a NumPy scalar as a 0-d array of its dtype, a Python number as the 0-d array of its
// kind's dtype (bool, int64, float64).
#pragma once
#include <optional>

#include <muna/core/array.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/any_scalar.hpp>
#include <muna/python/object.hpp>

namespace muna::python {

// A NumPy value as an array (a NumPy scalar as a 0-d one of its dtype); nullopt for anything else.
inline std::optional<Array> numpy_value(const Object& x) {
#define MUNA_OBJECT_TENSOR(T, _) \
  if (const auto* v = x.exactly<Tensor<T>>()) return Array(*v);
  MUNA_EACH_DTYPE(MUNA_OBJECT_TENSOR, _)
#undef MUNA_OBJECT_TENSOR
  if (const auto* s = x.exactly<AnyScalar>()) {
    switch (s->key()) {
      case DType::Bool: return Array(Tensor<bool>::scalar(s->as<bool>()));
      case DType::UInt8: return Array(Tensor<uint8_t>::scalar(s->as<uint8_t>()));
      case DType::Int8: return Array(Tensor<int8_t>::scalar(s->as<int8_t>()));
      case DType::Int16: return Array(Tensor<int16_t>::scalar(s->as<int16_t>()));
      case DType::Int32: return Array(Tensor<int32_t>::scalar(s->as<int32_t>()));
      case DType::Int64: return Array(Tensor<int64_t>::scalar(s->as<int64_t>()));
      case DType::Float32: return Array(Tensor<float>::scalar(s->as<float>()));
      case DType::Float64: return Array(Tensor<double>::scalar(s->as<double>()));
      default: break;
    }
  }
  return std::nullopt;
}

// A Python number beside a NumPy value: the 0-d array of its kind NumPy reads it as.
inline std::optional<Array> python_number_value(const Object& x) {
  const auto n = x.number();
  if (!n) return std::nullopt;
  if (n->kind() == Number::Kind::Bool) return Array(Tensor<bool>::scalar(n->as_int() != 0));
  if (n->kind() == Number::Kind::Int) return Array(Tensor<int64_t>::scalar(n->as_int()));
  return Array(Tensor<double>::scalar(n->as_float()));
}

}  // namespace muna::python
