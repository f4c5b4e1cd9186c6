// numpy.frombuffer(buffer, dtype, count=-1, offset=0): the bytes read as a 1-d array of T, with
// NumPy's checks and messages. NumPy's array views the buffer; this one is a copy, read-only
// as NumPy's is for bytes (assignment raises "assignment destination is read-only"), so a
// bytearray changed afterwards is not seen through it.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/bytes.hpp>

namespace muna::numpy {

template <class T>
Tensor<T> frombuffer(python::ByteView buffer, int64_t count = -1, int64_t offset = 0) {
  const int64_t total = static_cast<int64_t>(buffer.size());
  if (offset < 0 || offset > total)
    throw ValueError("offset must be non-negative and no greater than buffer length (" + std::to_string(total) + ")");
  const int64_t available = total - offset;
  const int64_t itemsize = static_cast<int64_t>(sizeof(T));
  int64_t n = count;
  if (n < 0) {
    if (available % itemsize != 0) throw ValueError("buffer size must be a multiple of element size");
    n = available / itemsize;
  } else if (available / itemsize < n) {
    throw ValueError("buffer is smaller than requested size");
  }
  Tensor<T> out(Shape{n});
  if (n) std::memcpy(out.data(), buffer.data() + offset, static_cast<size_t>(n * itemsize));
  return Tensor<T>(out.data(), out.shape(), out.strides(), out.owner(), /*writable=*/false);
}

}  // namespace muna::numpy
