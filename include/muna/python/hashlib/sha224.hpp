// hashlib.sha224(string=b''): a new hash object fed `string`.
#pragma once
#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib {

inline Hash sha224(ByteView string = ByteView()) {
  Hash h("sha224");
  h.update(string);
  return h;
}

}  // namespace muna::python::hashlib
