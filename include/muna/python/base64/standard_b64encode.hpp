// base64.standard_b64encode(s): b64encode(s).
#pragma once
#include <muna/python/base64/b64encode.hpp>

namespace muna::python::base64 {

inline Bytes standard_b64encode(ByteView s) { return b64encode(s); }

}  // namespace muna::python::base64
