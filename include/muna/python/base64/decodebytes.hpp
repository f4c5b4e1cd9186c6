// base64.decodebytes(s): binascii.a2b_base64(s), so lines and stray bytes are skipped.
#pragma once
#include <muna/python/binascii/a2b_base64.hpp>

namespace muna::python::base64 {

inline Bytes decodebytes(ByteView s) { return binascii::a2b_base64(s); }

}  // namespace muna::python::base64
