// base64.b16decode(s, casefold=False): upper-case hex digits only (any case with casefold);
// "Non-base16 digit found" before an odd length is checked, as base64.py does.
#pragma once
#include <string>

#include <muna/python/base64/detail.hpp>

namespace muna::python::base64 {

template <class S>
Bytes b16decode(const S& s, bool casefold = false) {
  std::string data = detail::input(s);
  for (char& c : data) {
    if (casefold && c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) throw binascii::Error("Non-base16 digit found");
  }
  return Bytes(binascii::detail::unhex(data));
}

}  // namespace muna::python::base64
