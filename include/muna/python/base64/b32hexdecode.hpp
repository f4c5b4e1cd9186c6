// base64.b32hexdecode(s, casefold=False): base32 with the extended hex alphabet.
#pragma once
#include <muna/python/base64/b32decode.hpp>

namespace muna::python::base64 {

template <class S>
Bytes b32hexdecode(const S& s, bool casefold = false) {
  return Bytes(detail::base32_decode(detail::input(s), "0123456789ABCDEFGHIJKLMNOPQRSTUV", casefold));
}

}  // namespace muna::python::base64
