// base64.standard_b64decode(s): b64decode(s).
#pragma once
#include <muna/python/base64/b64decode.hpp>

namespace muna::python::base64 {

template <class S>
Bytes standard_b64decode(const S& s) {
  return b64decode(s);
}

}  // namespace muna::python::base64
