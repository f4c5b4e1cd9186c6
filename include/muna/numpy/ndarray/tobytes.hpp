// ndarray.tobytes(): the elements' bytes in C order (a view is read in its logical order).
#pragma once
#include <cstring>
#include <string>

#include <muna/core/tensor.hpp>
#include <muna/python/bytes.hpp>

namespace muna::numpy::ndarray {

template <class T>
python::Bytes tobytes(const Tensor<T>& self) {
  const Tensor<T> c = contiguous(self);
  return python::Bytes(reinterpret_cast<const char*>(c.data()), static_cast<size_t>(c.size()) * sizeof(T));
}

}  // namespace muna::numpy::ndarray
