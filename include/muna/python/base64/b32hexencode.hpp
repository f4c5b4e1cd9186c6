// base64.b32hexencode(s): base32 with the extended hex alphabet (RFC 4648).
#pragma once
#include <muna/python/base64/b32encode.hpp>

namespace muna::python::base64 {

inline Bytes b32hexencode(ByteView s) { return Bytes(detail::base32_encode(s.view(), "0123456789ABCDEFGHIJKLMNOPQRSTUV")); }

}  // namespace muna::python::base64
