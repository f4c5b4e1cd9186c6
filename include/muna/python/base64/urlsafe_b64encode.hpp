// base64.urlsafe_b64encode(s): base64 with '-' and '_' for '+' and '/'.
#pragma once
#include <string>

#include <muna/python/base64/b64encode.hpp>

namespace muna::python::base64 {

inline Bytes urlsafe_b64encode(ByteView s) {
  std::string out = binascii::detail::base64_encode(s.view(), false);
  detail::translate(out, "+/", "-_");
  return Bytes(std::move(out));
}

}  // namespace muna::python::base64
