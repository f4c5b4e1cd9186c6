// base64.urlsafe_b64decode(s): '-' and '_' read as '+' and '/' (which are still accepted), the
// rest as b64decode, never strict.
#pragma once
#include <string>

#include <muna/python/base64/b64decode.hpp>

namespace muna::python::base64 {

template <class S>
Bytes urlsafe_b64decode(const S& s) {
  std::string data = detail::input(s);
  detail::translate(data, "-_", "+/");
  return Bytes(binascii::detail::base64_decode(data, false));
}

}  // namespace muna::python::base64
