// What a NumPy value whose rank is known only when it runs is to Python: NumPy hands back a
// NumPy scalar, not an array, where an operation's result is 0-d (x[0] of a 1-d array, a row of
// one), so a 0-d value is an ndarray only where it is marked as the 0-d array NumPy keeps (an
// argument, np.array(3.0), x.squeeze(): Tensor::as_0d_array), as it crosses the ABI.
#pragma once
#include <string>

#include <muna/core/array.hpp>
#include <muna/core/dtype.hpp>
#include <muna/core/tensor.hpp>

namespace muna::numpy::detail {

// isinstance(x, np.ndarray)
template <class X>
bool is_ndarray(const X& x) {
  return x.ndim() != 0 || x.is_0d_array();
}

// type(x).__name__: "ndarray", or the NumPy scalar type's name (np.bool_ is "bool_").
template <class T>
DType dtype_of_value(const Tensor<T>&) { return dtype_v<T>; }
inline DType dtype_of_value(const Array& x) { return x.dtype(); }

template <class X>
std::string type_name(const X& x) {
  if (is_ndarray(x)) return "ndarray";
  DType d = dtype_of_value(x);
  return d == DType::Bool ? "bool_" : dtype_name(d);
}

}  // namespace muna::numpy::detail
