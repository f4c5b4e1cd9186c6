// base64.encodebytes(s): base64 in lines of 76 characters (57 bytes), each ending in a newline.
#pragma once
#include <string>

#include <muna/python/binascii/b2a_base64.hpp>

namespace muna::python::base64 {

inline Bytes encodebytes(ByteView s) {
  std::string out;
  const std::string_view data = s.view();
  for (size_t i = 0; i < data.size(); i += 57) out += binascii::detail::base64_encode(data.substr(i, 57), true);
  return Bytes(std::move(out));
}

}  // namespace muna::python::base64
