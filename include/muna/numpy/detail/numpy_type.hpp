// muna's array dtypes (muna::DType) as NumPy's real dtypes (NumpyType, operator_loops.hpp) and
// back, for what resolves dtypes as NumPy does at run time.
#pragma once
#include <muna/core/dtype.hpp>
#include <muna/numpy/detail/operator_loops.hpp>

namespace muna::numpy::detail {

// Unresolved: bfloat16 and complex, which these resolutions do not take.
inline NumpyType numpy_type(DType d) {
  switch (d) {
    case DType::Bool: return NumpyType::Bool;
    case DType::UInt8: return NumpyType::UInt8;
    case DType::Int8: return NumpyType::Int8;
    case DType::Int16: return NumpyType::Int16;
    case DType::Int32: return NumpyType::Int32;
    case DType::Int64: return NumpyType::Int64;
    case DType::Float32: return NumpyType::Float32;
    case DType::Float64: return NumpyType::Float64;
    default: return NumpyType::Unresolved;
  }
}

inline const char* numpy_type_name(NumpyType t) {
  static const char* const names[] = {"bool", "int8", "uint8", "int16", "uint16", "int32",
                                      "uint32", "int64", "uint64", "float16", "float32", "float64"};
  return t == NumpyType::Unresolved ? "unresolved" : names[t];
}

}  // namespace muna::numpy::detail
