// hashlib.sha1(string=b''): a new hash object fed `string`.
#pragma once
#include <muna/python/hashlib/hash.hpp>

namespace muna::python::hashlib {

inline Hash sha1(ByteView string = ByteView()) {
  Hash h("sha1");
  h.update(string);
  return h;
}

}  // namespace muna::python::hashlib
