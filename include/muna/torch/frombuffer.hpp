// torch.frombuffer(buffer, dtype, count=-1, offset=0): the bytes read as a 1-d tensor of T,
// with torch's checks and messages. torch shares the buffer's memory; this is a copy.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include <muna/core/error.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/bytes.hpp>

namespace muna::torch {

template <class T>
muna::Tensor<T> frombuffer(python::ByteView buffer, int64_t count = -1, int64_t offset = 0) {
  const int64_t length = static_cast<int64_t>(buffer.size());
  const int64_t elsize = static_cast<int64_t>(sizeof(T));
  auto str = [](int64_t v) { return std::to_string(v); };
  if (!(length > 0 && count != 0))
    throw ValueError("both buffer length (" + str(length) + ") and count (" + str(count) + ") must not be 0");
  if (!(offset >= 0 && offset < length))
    throw ValueError("offset (" + str(offset) + " bytes) must be non-negative and no greater than buffer length (" +
                     str(length) + " bytes) minus 1");
  if (!(count > 0 || (length - offset) % elsize == 0))
    throw ValueError("buffer length (" + str(length - offset) + " bytes) after offset (" + str(offset) +
                     " bytes) must be a multiple of element size (" + str(elsize) + ")");
  if (count < 0) count = (length - offset) / elsize;
  if (count > (length - offset) / elsize)
    throw ValueError("requested buffer length (" + str(count) + " * " + str(elsize) + " bytes) after offset (" + str(offset) +
                     " bytes) must not be greater than actual buffer length (" + str(length) + " bytes)");
  muna::Tensor<T> out(Shape{count});
  std::memcpy(out.data(), buffer.data() + offset, static_cast<size_t>(count * elsize));
  return out;
}

}  // namespace muna::torch
