// hashlib.md5(string=b''): a new hash object fed `string`.
#pragma once
#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib {

inline Hash md5(ByteView string = ByteView()) {
  Hash h("md5");
  h.update(string);
  return h;
}

}  // namespace muna::python::hashlib
