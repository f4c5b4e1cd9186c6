// a + b: the bytes of both, of a's kind (bytes + bytearray is bytes, bytearray + bytes a
// bytearray), as CPython.
#pragma once
#include <string>

#include <muna/python/bytes.hpp>

namespace muna::python::bytes {

template <class B>
B add(const B& self, ByteView other) {
  std::string out;
  out.reserve(self.view().size() + other.size());
  out.append(self.view());
  out.append(other.view());
  return make_like<B>(std::move(out));
}

}  // namespace muna::python::bytes
